"""The optional msgspec decoder (:func:`answermatch.sources.fast_json`, the
``fast`` extra) against ``json`` alone, through the SQuAD reader and
loader: the same questions (floats compared bit for bit), places, lines,
version and flags, or the same error and warnings. It must never accept a
file ``json`` refuses, nor read one differently. Where msgspec is not
installed this module skips, which CI (``CI`` set, see conftest) counts as
a failure."""

from __future__ import annotations

import json
import struct
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch import sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.formats import squad
from answermatch.formats.squad import SQUAD, Dialect, read
from answermatch.sources import LEFT_TO_JSON, fast_json

pytest.importorskip("msgspec", reason="msgspec (the fast extra) is not installed here")

PARITY_GOLDS = [
    ("squad", "dev-v1.1.from-v2-answerable.json"),
    ("squad", "dev-v2.0.cs224n-subset.json"),
    *[("mlqa", f"xquad.{lang}.json") for lang in ("en", "es", "de", "ar", "vi", "zh")],
]
KEYED = Dialect(key_check=True)  # repeated keys warned about, as KorQuAD's and CMRC's


def _exact(value):
    """A value with its floats made comparable bit for bit (NaN, -0.0)."""
    if isinstance(value, float):
        return ("float", struct.pack("<d", value))
    if isinstance(value, list | tuple):
        return (type(value).__name__, [_exact(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(k, _exact(v)) for k, v in value.items()])
    return (type(value).__name__, value)


def _summary(gold):
    return (
        [
            (_exact((q.id, q.answers, q.starts, q.context, q.row)), gold.where(k), gold.line(k))
            for k, q in enumerate(gold.questions)
        ],
        gold.name,
        gold.layout,
        _exact(gold.version),
        gold.ids,
        gold.may_have_numbers,
        gold.number_answers,
    )


def _outcome(path, dialect=SQUAD):
    """What :func:`read` gives: a summary of the gold, or the error, and
    the warnings."""
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            return _summary(read(path, diag, dialect=dialect)), diag.messages
        except InputError as exc:
            return ("error", str(exc), exc.path, exc.line), diag.messages


def _both(monkeypatch, path, dialect=SQUAD):
    """(outcome with msgspec, outcome with json alone, whether msgspec's
    value was taken); the modules are restored afterwards (property tests
    call this once per example)."""
    taken: list[bool] = []

    def spy(*args, **kwargs):
        found = fast_json(*args, **kwargs)
        taken.append(found is not LEFT_TO_JSON)
        return found

    typed = squad._typed_questions

    def typed_spy(*args, **kwargs):  # the gold read in parts, into structs
        found = typed(*args, **kwargs)
        if found is not None:
            taken.append(True)
        return found

    with monkeypatch.context() as patch:
        patch.setattr(squad, "fast_json", spy)
        patch.setattr(squad, "_typed_questions", typed_spy)
        fast = _outcome(path, dialect)
        patch.setattr(sources, "_fast_decode", None)
        slow = _outcome(path, dialect)
    return fast, slow, taken[0] if taken else False


@pytest.mark.parametrize(("folder", "name"), PARITY_GOLDS)
def test_the_parity_golds_read_the_same(monkeypatch, parity, folder, name):
    fast, slow, taken = _both(monkeypatch, parity(folder, name))
    assert taken  # msgspec read it, not json
    assert fast == slow


def test_a_gold_read_with_key_checks_reads_the_same(monkeypatch, parity):
    """DRCD's SQuAD-layout gold under a dialect that warns of repeated keys
    (as KorQuAD's does): taken by msgspec, with the same result."""
    fast, slow, taken = _both(monkeypatch, parity("cmrc2018", "DRCD_dev.json"), KEYED)
    assert fast == slow
    assert taken


def _write(tmp_path, data: bytes, name="gold.json"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _dump(value, ascii_only=True, indent=None) -> bytes:
    return json.dumps(value, ensure_ascii=ascii_only, indent=indent).encode(
        "utf-8", "surrogatepass"
    )


def _gold(*qas, context="ctx", **top):
    return {
        "version": "1.1",
        **top,
        "data": [{"paragraphs": [{"context": context, "qas": list(qas)}]}],
    }


def _qa(qid="q1", *texts, start=0):
    return {"id": qid, "answers": [{"text": t, "answer_start": start} for t in texts or ("a",)]}


@pytest.mark.parametrize(
    "text",
    [
        # escapes: pairs, lone surrogates both ways round, every short escape
        '"\\ud83d\\ude00 \\ud800 \\udc00\\ud800 x\\ud800" ',
        '"\\"\\\\\\/\\b\\f\\n\\r\\t \\u00e9\\u4e2d\\u0000"',
        '"caf\\u00e9 \u00e9\u4e2d\U0001f600"',  # escaped and raw UTF-8 mixed
        '"' + "a" * 300 + '\\n"',  # an escaped string longer than the stack buffer
    ],
)
def test_strings_decode_as_json_does(monkeypatch, tmp_path, text):
    answer = '{"text": ' + text + "}"
    raw = _paragraph(f'"context": {text}, "qas": [{_question(text, answer)}]')
    fast, slow, taken = _both(monkeypatch, _write(tmp_path, raw.encode("utf-8")))
    assert taken is ("\\ud800" not in text)  # msgspec refuses lone surrogates: json's
    assert fast == slow
    question = read(tmp_path / "gold.json").questions[0]
    assert question.id == question.answers[0] == question.context == json.loads(text)


def _paragraph(members: str, before: str = "") -> str:
    """A gold's JSON text with one paragraph of the given members."""
    return f'{{{before}"data": [{{"paragraphs": [{{{members}}}]}}]}}'


def _question(qid: str = '"a"', *answers: str, more: str = "") -> str:
    """A question's JSON text: its id and answer objects as JSON texts."""
    return f'{{"id": {qid}, "answers": [{", ".join(answers)}]{more}}}'


def _one(question: str) -> str:
    return _paragraph(f'"qas": [{question}]')


@pytest.mark.parametrize(
    "start",
    [
        *("0", "-0", "12", "-7", "123456789012345678", "1234567890123456789012"),
        *("1.5", "-0.0", "1e3", "2E-2", "0.1e+1", '"12"', "null", "true", "false"),
    ],
)
def test_answer_starts_are_the_values_json_gives(monkeypatch, tmp_path, start):
    raw = _one(_question('"q"', f'{{"answer_start": {start}, "text": "a"}}'))
    fast, slow, taken = _both(monkeypatch, _write(tmp_path, raw.encode()))
    assert taken
    assert fast == slow


@pytest.mark.parametrize(
    ("raw", "taken"),
    [
        # left to json: what msgspec refuses (NaN, lone surrogates, numbers
        # out of a double's range)
        (_one(_question('"a"', '{"text": "x", "answer_start": NaN}')), False),
        (_paragraph(f'"qas": [{_question()}]', '"x": "\\ud800", '), False),
        (_paragraph(f'"qas": [{_question()}]', '"x": 1e400, '), False),
        (_one(_question('"a"', '{"text": "x", "answer_start": ' + "7" * 700 + "}")), None),
        (_paragraph(f'"qas": [{_question()}]', '"x": ' + "1" * 641 + ", "), None),
        # taken: a repeated key (the last one wins, as in json), a key written
        # with escapes, a number answer text, a numeric id, answers in another
        # form, a repeated "data", a context that is a number
        (_one('{"id": "a", "id": "b", "answers": []}'), True),
        (_one('{"\\u0069d": "a", "id": "b", "answers": []}'), True),
        (_one(_question('"a"', '{"text": 7}')), True),
        (_one(_question("5")), True),
        (_one('{"id": "a", "answers": {"text": ["x"]}}'), True),
        (_paragraph(f'"qas": [{_question()}]', '"data": [], '), True),
        (_paragraph(f'"context": 5, "qas": [{_question()}]'), True),
        (_paragraph(f'"qas": [{_question()}]', '"x": ' + "[" * 300 + "]" * 300 + ", "), True),
        (
            _paragraph(
                '"qas": [' + _question(more=', "q": {}') + "]",
                '"x": [1, -2.5e3, true, null, {"y": [1e308, -0.0]}], ',
            ),
            True,
        ),
        (_paragraph(f'"context": null, "qas": [{_question()}]'), True),
        (f'[{{"paragraphs": [{{"qas": [{_question()}], "context": "late"}}]}}]', True),
        (
            ' \n\t{"data" : [ { "paragraphs" : [ ] } , {"paragraphs": [{"qas": '
            '[{"id": "a", "answers": [ ]}]}]} ] } \r\n',
            True,
        ),
    ],
)
def test_what_each_reader_takes(monkeypatch, tmp_path, raw, taken):
    json.loads(raw)  # each one is JSON
    fast, slow, was_taken = _both(monkeypatch, _write(tmp_path, raw.encode()))
    assert taken is None or was_taken is taken
    assert fast == slow


@pytest.mark.parametrize("where", ['"x": {}, ', '"version": {}, '])
def test_integers_over_the_digit_limit_are_errors_as_in_python(monkeypatch, tmp_path, where):
    raw = _paragraph(f'"qas": [{_question()}]', where.format("1" * 4301))
    fast, slow, taken = _both(monkeypatch, _write(tmp_path, raw.encode()))
    assert not taken
    assert fast == slow
    assert fast[0][0] == "error" and "4,300 digits" in fast[0][1]


@pytest.mark.parametrize(
    "raw",
    [
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": []}]}]}]',  # cut short
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": [],}]}]}]}',  # trailing comma
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a\tb", "answers": []}]}]}]}',  # raw tab
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": []}]}]}], "t": "\xff"}',
        b'{"data": [{"paragraphs": [{"qas": [{"id": "\xed\xa0\x80", "answers": []}]}]}]}',
        b'{"data": [{"paragraphs": [{"qas": [{"id": "\\x41", "answers": []}]}]}]}',
        b'{"data": [{"paragraphs": [{"qas": [{"id": "\\u12", "answers": []}]}]}]}',
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": [], "n": 01}]}]}]}',
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": [], "n": 1.}]}]}]}',
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": [], "n": -}]}]}]}',
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": [], "n": tru}]}]}]}',
        b'{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": []}]}]}]} {}',
        b'{"data": []}',  # no questions
        b'\xef\xbb\xbf{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": []}]}]}]}',
        b"",
    ],
)
def test_bad_files_fail_as_in_python(monkeypatch, tmp_path, raw):
    fast, slow, taken = _both(monkeypatch, _write(tmp_path, raw))
    assert not taken or raw == b'{"data": []}'  # msgspec reads that one; it has no question
    assert fast == slow
    assert fast[0][0] == "error"


@pytest.mark.parametrize(
    ("raw", "taken"),
    [
        (_paragraph(f'"qas": [{_question()}]', '"title": "a", "x": {"k": 1, "j": 2}, '), True),
        # any key given twice, anywhere, is json's (which warns): msgspec's
        # value is not taken, even where the key does not matter
        (_paragraph(f'"qas": [{_question()}]', '"x": {"k": 1, "k": 2}, '), False),
        (_one(_question(more=', "q": 1, "q": 2')), False),
        (_paragraph(f'"qas": [{_question()}]', '"x": 1, "x": 2, '), False),
        (_paragraph(f'"qas": [{_question()}]', '"\\u0078": 1, '), True),  # a key with escapes
        (_paragraph(f'"qas": [{_question()}]', '"x" : 1, '), False),  # a space before ":"
        # a key repeated, once spaced from its colon: its '":' is not counted
        *[
            (_paragraph(f'"qas": [{_question()}]', f'"x"{w}: 1, "x": 2, '), False)
            for w in " \t\n\r"
        ],
        (_paragraph(f'"qas": [{_question()}]', '"x": "a :b", "y": "\\" c", '), True),
        # '":' in a value, its quote escaped: no key's end (json took it before)
        (_paragraph(f'"qas": [{_question()}]', '"x": "a\\":", '), True),
        (_paragraph(f'"qas": [{_question()}]', '"x": "a\\":", "x": 1, '), False),
        (
            _paragraph(f'"qas": [{_question()}]', "".join(f'"k{n}": {n}, ' for n in range(20))),
            True,
        ),
    ],
)
def test_repeated_keys_anywhere_are_left_to_json_where_the_dialect_warns(
    monkeypatch, tmp_path, raw, taken
):
    repeats = []
    json.loads(raw, object_pairs_hook=lambda pairs: repeats.append(len(pairs) - len(dict(pairs))))
    path = _write(tmp_path, raw.encode())
    fast, slow, was_taken = _both(monkeypatch, path, KEYED)
    assert was_taken is taken
    assert fast == slow
    warned = [m for m in fast[1] if "duplicate key" in str(m)]
    assert len(warned) == sum(repeats)


@pytest.mark.parametrize(
    "value",
    [
        *('"1"', "null", "1" * 4301, "1" * 700, "[" * 300 + "]" * 300, "{}", "true", "5"),
        *("[" + "1, " * 400 + "1]", "[" * 600 + "]" * 600, '"' + "x" * 5000 + '"'),
    ],
)
@pytest.mark.parametrize("key", ["context", "question"])
def test_texts_kept_undecoded_read_as_json_reads_them(monkeypatch, tmp_path, key, value):
    """The reader keeps each context and question as its JSON
    (``msgspec.Raw``): a context that is not a string nor null is json's,
    and so is such a question longer than 1,000 bytes (an integer past
    Python's digit limit: an error); a shorter question is what json reads
    too (no reader uses it)."""
    if key == "context":
        raw = _paragraph(f'"context": {value}, "qas": [{_question()}]')
    else:
        raw = _one(_question(more=f', "question": {value}'))
    used = []
    original = squad._typed_questions
    monkeypatch.setattr(squad, "_typed_questions", lambda *a: used.append(original(*a)) or used[-1])
    fast, slow, _ = _both(monkeypatch, _write(tmp_path, raw.encode()))
    assert fast == slow
    taken = value in ('"1"', "null") or value[0] == '"'
    if key == "question":
        taken = taken or len(value) <= 1000
    assert any(used) is taken  # other values: json's


@pytest.mark.parametrize("text", [b'"a\xff"', b'"\xed\xa0\x80"', b'"\xc3"'])
@pytest.mark.parametrize(
    "members",
    [
        b'"context": %s, "qas": [{"id": "a", "answers": []}]',
        b'"qas": [{"id": "a", "question": %s, "answers": []}]',
    ],
)
def test_invalid_utf8_in_a_text_kept_undecoded_fails_as_in_python(
    monkeypatch, tmp_path, members, text
):
    """msgspec does not check the UTF-8 of a text it keeps undecoded: the reader does."""
    paragraph = members % text
    raw = b'{"data": [{"paragraphs": [{%s}, {"context": "\xc3\xa9", "qas": []}]}]}' % paragraph
    fast, slow, _ = _both(monkeypatch, _write(tmp_path, raw))
    assert fast == slow
    assert fast[0][0] == "error"


def test_a_score_does_not_decode_the_contexts(tmp_path):
    path = _write(tmp_path, _dump(_gold(_qa("q1"), _qa("q2"), context="\u0644 ctx")))
    gold = read(path)
    assert callable(gold.questions._contexts)  # not decoded by reading
    assert gold.questions.contexts == ["\u0644 ctx"] * 2
    assert [q.context for q in gold.questions] == ["\u0644 ctx"] * 2


def test_a_byte_order_mark_is_skipped_where_the_dialect_skips_it(monkeypatch, tmp_path):
    raw = b'\xef\xbb\xbf{"data": [{"paragraphs": [{"qas": [{"id": "a", "answers": []}]}]}]}'
    fast, slow, taken = _both(monkeypatch, _write(tmp_path, raw), Dialect(bom="skip"))
    assert taken
    assert fast == slow


def test_lines_come_from_the_bytes_when_asked(monkeypatch, tmp_path):
    data = _gold(_qa("q1"), _qa("q2"), _qa("q1"))
    path = _write(tmp_path, _dump(data, indent=2))
    fast, slow, taken = _both(monkeypatch, path)
    assert taken
    assert fast == slow
    id_lines = [n for n, line in enumerate(path.read_text().splitlines(), 1) if '"id"' in line]
    assert [line for _, _, line in fast[0][0]] == id_lines
    assert len(id_lines) == 3


# --- generated files -----------------------------------------------------------------

TEXT = st.text(st.characters(exclude_categories=()), max_size=8)
SCALAR = st.one_of(
    st.integers(-(10**20), 10**20),
    st.floats(),
    TEXT,
    st.none(),
    st.booleans(),
)
EXTRA = st.dictionaries(
    st.sampled_from(["question", "title", "x", "is_impossible"]),
    SCALAR | st.lists(SCALAR, max_size=2),
    max_size=2,
)


@st.composite
def answers(draw):
    answer = {"text": draw(TEXT | st.integers(0, 9) if draw(st.integers(0, 30)) == 0 else TEXT)}
    if draw(st.booleans()):
        answer["answer_start"] = draw(SCALAR)
    return {**answer, **draw(EXTRA)} if draw(st.booleans()) else {**draw(EXTRA), **answer}


@st.composite
def questions(draw):
    qid = draw(TEXT | st.integers() if draw(st.integers(0, 30)) == 0 else TEXT)
    return {"id": qid, "answers": draw(st.lists(answers(), max_size=3)), **draw(EXTRA)}


@st.composite
def paragraphs(draw):
    paragraph = {"qas": draw(st.lists(questions(), max_size=3))}
    context = draw(st.one_of(st.just(None), TEXT, st.just("absent")))
    if context != "absent":
        paragraph["context"] = context
    return paragraph


@st.composite
def golds(draw):
    articles = draw(
        st.lists(
            st.fixed_dictionaries({"paragraphs": st.lists(paragraphs(), max_size=3)}),
            min_size=1,
            max_size=3,
        )
    )
    if draw(st.booleans()):
        return articles
    return {"version": draw(SCALAR), "data": articles, **draw(EXTRA)}


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(golds(), st.booleans(), st.sampled_from([None, 0, 1, "\t"]))
def test_generated_golds_read_the_same(monkeypatch, tmp_path, gold, ascii_only, indent):
    fast, slow, _ = _both(monkeypatch, _write(tmp_path, _dump(gold, ascii_only, indent)))
    assert fast == slow


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(golds(), st.data())
def test_damaged_golds_fail_or_read_as_in_python(monkeypatch, tmp_path, gold, data):
    raw = bytearray(_dump(gold, data.draw(st.booleans())))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(raw) - 1))
        byte = data.draw(st.sampled_from(b'"\\{}[],:0-eE.u \t\n\x00\x7f\x80\xc3\xed\xff'))
        kind = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        if kind == "replace":
            raw[at] = byte
        elif kind == "insert":
            raw.insert(at, byte)
        elif len(raw) > 1:
            del raw[at]
    fast, slow, _ = _both(monkeypatch, _write(tmp_path, bytes(raw)))
    assert fast == slow


# --- predictions {id: text} ------------------------------------------------------------


def _load_both(monkeypatch, path, bom="error"):
    """What :func:`load` gives for ``path`` (the value, or the error, and the
    warnings) with msgspec, then with json alone."""
    outcomes = []
    with monkeypatch.context() as patch, warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        for decoder in (sources._fast_decode, None):
            patch.setattr(sources, "_fast_decode", decoder)
            diag = Diagnostics()
            try:
                value = squad.load(path, diag, "predictions", bom=bom)[0]
                outcomes.append((_exact(value), diag.messages))
            except InputError as exc:
                outcomes.append(("error", str(exc), exc.path, exc.line))
    return outcomes


@pytest.mark.parametrize(
    ("folder", "name"),
    [
        ("squad", "pred_v1_seed1.json"),
        ("squad", "pred_v2_seed1.json"),
        ("mlqa", "pred_ar_seed1.json"),
        ("mlqa", "pred_zh_seed2.json"),
    ],
)
def test_parity_predictions_load_the_same(monkeypatch, parity, folder, name):
    path = parity(folder, name)
    assert fast_json(path.read_bytes(), keys_checked=True) == json.loads(path.read_bytes())
    fast, slow = _load_both(monkeypatch, path)
    assert fast == slow


@pytest.mark.parametrize(
    ("raw", "taken"),
    [
        (b'{"a": "x", "b": "\\u00e9", "\\u0063": "y"}', True),
        (b'{"a": "\\ud800"}', False),  # a lone surrogate: msgspec refuses it
        (b" {} ", True),
        (b'{"a": "x", "a": "y"}', False),  # a repeated id: Python's path warns
        # '":' in a value: the strings are counted instead of the keys
        (b'{"a": ":x", "b": "\\":", "c": "\\\\"}', True),
        (b'{"a": ":x", "b": "y", "a": "\\":"}', False),
        (b'{"a": ":x", "b": {"c": "y"}}', False),  # not all strings: json's
        (b'{"a": "x", "b": 5}', True),
        (b'[{"id": "a", "prediction_text": "x"}]', True),
        (b'{"a": "x",}', False),
        (b'{"a": "x"} {"b": "y"}', False),
        (b'{"a": "\xff"}', False),
        (b'\xef\xbb\xbf{"a": "x"}', False),
    ],
)
def test_what_msgspec_takes_of_predictions(monkeypatch, tmp_path, raw, taken):
    assert (fast_json(raw, keys_checked=True) is not LEFT_TO_JSON) is taken
    fast, slow = _load_both(monkeypatch, _write(tmp_path, raw, "pred.json"))
    assert fast == slow


def test_a_byte_order_mark_is_skipped_in_predictions_where_asked(monkeypatch, tmp_path):
    path = _write(tmp_path, b'\xef\xbb\xbf{"a": "x"}', "pred.json")
    fast, slow = _load_both(monkeypatch, path, bom="skip")
    assert fast == slow
    assert fast[0] == _exact({"a": "x"})


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.dictionaries(TEXT, TEXT, max_size=6), st.booleans(), st.data())
def test_generated_and_damaged_predictions_load_the_same(
    monkeypatch, tmp_path, preds, ascii_only, data
):
    raw = bytearray(_dump(preds, ascii_only, data.draw(st.sampled_from([None, 1]))))
    if data.draw(st.booleans()):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.sampled_from(b'"\\{}:,u5 \x00\xc3\xff'))
    fast, slow = _load_both(monkeypatch, _write(tmp_path, bytes(raw), "pred.json"))
    assert fast == slow


# --- any JSON value ----------------------------------------------------------------------

VALUES = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(VALUES, st.booleans(), st.sampled_from([None, 1]), st.data())
def test_any_value_decodes_as_json_does_or_is_left_to_it(value, ascii_only, indent, data):
    raw = bytearray(_dump(value, ascii_only, indent))
    if data.draw(st.booleans()):  # a damaged file: msgspec must refuse what json refuses
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.sampled_from(b'"\\{}[]:,u5e. \x00\xc3\xed\xff'))
    raw = bytes(raw)
    try:
        expected = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        expected = LEFT_TO_JSON
    for keys_checked in (False, True):
        found = fast_json(raw, keys_checked=keys_checked)
        if found is not LEFT_TO_JSON:
            assert _exact(found) == _exact(expected)


def test_a_repeated_key_in_a_list_of_objects_is_left_to_json():
    raw = b'[{"a": 1}, {"b": 2, "b": 3}, "\\":"]'
    assert fast_json(raw) == [{"a": 1}, {"b": 3}, '":']
    assert fast_json(raw, keys_checked=True) is LEFT_TO_JSON
    assert fast_json(b'[{"a": 1}, {"b": 2}, "x"]', keys_checked=True) == [{"a": 1}, {"b": 2}, "x"]


def test_without_msgspec_everything_is_left_to_json(monkeypatch):
    monkeypatch.setattr(sources, "_fast_decode", None)
    assert fast_json(b"[1]") is LEFT_TO_JSON


@pytest.mark.parametrize(
    ("more", "typed"),
    [
        ("", True),  # every key counted: read into structs
        (', "question": "q?", "is_impossible": false', True),
        (', "question": "q?", "question": "again"', False),  # a known key repeated
        (', "question": null', True),  # kept as JSON: a null question is counted
        (', "is_impossible": null', False),  # a key given as null is not counted: json's
    ],
)
def test_a_key_checked_gold_is_read_typed_only_when_its_keys_are_counted(
    monkeypatch, tmp_path, more, typed
):
    """KorQuAD's dialect warns of repeated keys: its gold is read into msgspec's
    structs only when the keys they hold are every '":' of the file (a key
    repeated, which msgspec would hide, leaves it to json, which warns)."""
    answer = '{"text": "Oslo", "answer_start": 0}'
    raw = _paragraph(
        f'"context": "c", "qas": [{_question(chr(34) + "a" + chr(34), answer, more=more)}]'
    )
    used = []
    original = squad._typed_questions

    def typed_spy(*args):
        found = original(*args)
        used.append(found is not None)
        return found

    monkeypatch.setattr(squad, "_typed_questions", typed_spy)
    fast, slow, _ = _both(monkeypatch, _write(tmp_path, raw.encode()), KEYED)
    assert fast == slow
    assert any(used) is typed
    warned = [m for m in fast[1] if "duplicate key" in str(m)]
    assert len(warned) == (0 if typed or "null" in more else 1)


_KEY_TEXT = st.text(st.sampled_from('ab\\"é: '), max_size=6)


@settings(max_examples=300, deadline=None)
@given(
    entries=st.dictionaries(_KEY_TEXT, _KEY_TEXT, min_size=1, max_size=5),
    ascii_only=st.booleans(),
)
def test_keys_counted_takes_an_escaped_quote_and_colon_for_text(entries, ascii_only):
    """A text holding ``":`` (KorQuAD's golds quote keys in their texts) is
    written ``\\":``: no key's end, so such a file keeps the fast reading
    (it counted as one and sent a 45 MB gold to json: 306 MB). A key
    given again is still found."""
    quoted = {f"k{n}": f'{text}":{text}' for n, text in enumerate(entries.values())}
    data = json.dumps({**entries, **quoted}, ensure_ascii=ascii_only).encode("utf-8")
    keys = len(entries) + len(quoted)
    assert sources.keys_counted(data, keys) or any(
        text.startswith(":") or " :" in json.dumps(text) for text in [*entries, *entries.values()]
    )  # (a string that starts with a colon, or holds ' :', still takes json: never wrongly fast)
    again = data[:-1] + b", " + json.dumps(next(iter(entries))).encode("utf-8") + b": 1}"
    assert not sources.keys_counted(again, keys)
