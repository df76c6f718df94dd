"""Memory on large inputs (issue 25): prediction files read part by part,
keeping only what scoring needs; long answers tokenized without a string
per token; pipes read into one buffer and refused at the limit. Each
bounded path is checked against the whole-file (or whole-text) path for
the same values and warnings, and its peak (``tracemalloc``) against a
bound relative to the input's size that the previous code exceeded."""

from __future__ import annotations

import importlib
import json
import os
import random
import re
import sys
import threading
import tracemalloc
import warnings

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import answermatch
import answermatch.normalization.steps as steps
import answermatch.progress
import answermatch.sources as sources
from answermatch.cli import main
from answermatch.diagnostics import Deferred, Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.normalization import normalizer
from answermatch.sources import NotFlat, string_object_parts
from answermatch.tasks import get_task
from answermatch.tasks.squad.rules import _squad_tokens
from answermatch.tasks.xor.data import XorGold
from conftest import read_whole, traced_peak

# --- string_object_parts: the parts are json's entries, or NotFlat ----------------------------


def _entries(path):
    """The key of every entry of every part, in order (a :class:`Part`
    gives its ``order``), with the merged values, or ``"not flat"``."""
    keys, merged = [], {}
    try:
        for part in string_object_parts(path):
            keys.extend(getattr(part, "order", part))
            merged.update(part)
    except NotFlat:
        return "not flat"
    return keys, merged


_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
_texts = st.sampled_from(['", "', "\\", '"', ",", ":", '\\", "x', "a, b", "", "東京 \u2028"])


@settings(max_examples=60, deadline=None)
@given(
    pairs=st.lists(st.tuples(st.one_of(_text, _texts), st.one_of(_text, _texts)), max_size=40),
    spacing=st.sampled_from([(", ", ": "), (",", ":"), (" ,\n ", " : "), (",\t", ":")]),
    part=st.integers(1, 64),
)
@example(pairs=[("a", '", "'), ("b", "c")], spacing=(", ", ": "), part=3)
@example(pairs=[("", ""), (",", "")], spacing=(", ", ": "), part=2)
def test_parts_are_the_entries_json_gives(tmp_path_factory, pairs, spacing, part):
    comma, colon = spacing
    body = comma.join(f"{json.dumps(k)}{colon}{json.dumps(v)}" for k, v in pairs)
    path = tmp_path_factory.mktemp("parts") / "pred.json"
    path.write_text("\n {" + body + "}\n", encoding="utf-8")
    whole = json.loads(path.read_text(encoding="utf-8"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sources, "PART_BYTES", part)
        found = _entries(path)
    if found == "not flat":  # only where a string is a lone comma, which looks like a
        # separator (", ")
        assert any(re.fullmatch(r"[ \t\n\r]*,[ \t\n\r]*", text) for pair in pairs for text in pair)
    else:  # every entry's key, repeats too, in the file's order; the last value wins
        keys, merged = found
        assert keys == [k for k, _ in pairs] and merged == whole
        assert list(merged) == list(whole)  # a key at its first place, as json puts it


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1}',
        '{"a": {"answer": "x"}}',
        '["a", "b"]',
        '\ufeff\ufeff{"a": "x"}',  # one byte order mark is skipped, not two
        '{"a": "x",}',
        '{"a": "x"} {"b": "y"}',
        '{"a": NaN}',
        "",
        '{"a": "\\ud800"}',
    ],
)
def test_anything_but_an_object_of_strings_is_left_to_the_whole_reader(tmp_path, text):
    path = tmp_path / "pred.json"
    path.write_text(text, encoding="utf-8")
    assert _entries(path) == "not flat"


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _text | _texts,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=8,
)
_SEPARATOR = re.compile(r'"[ \t\n\r]*,[ \t\n\r]*"')


@settings(max_examples=80, deadline=None)
@given(
    pairs=st.lists(st.tuples(st.one_of(_text, _texts), _json_values), max_size=40),
    spacing=st.sampled_from([(", ", ": "), (",", ":"), (" ,\n ", " : "), (",\t", ":")]),
    part=st.integers(1, 64),
)
@example(pairs=[("a", ["x", "y"]), ("b", "c"), ("d", 42)], spacing=(", ", ": "), part=3)
@example(pairs=[("a", {"k": "x", "l": "y"}), ("a", None)], spacing=(", ", ": "), part=5)
def test_odd_parts_are_the_entries_json_gives(tmp_path_factory, pairs, spacing, part):
    """With ``odd``, any JSON value (numbers, lists, objects...) is read in
    parts: json's entries, in order, the last value of a key winning; a
    cut inside a list or an object is taken on to the next cut. Left to
    the whole reader only where two cuts in a row fall inside a value (a
    value or key whose JSON holds a quote, a comma and a quote)."""
    comma, colon = spacing
    body = comma.join(f"{json.dumps(k)}{colon}{json.dumps(v)}" for k, v in pairs)
    path = tmp_path_factory.mktemp("parts") / "pred.json"
    path.write_text("\n {" + body + "}\n", encoding="utf-8")
    whole = json.loads(path.read_text(encoding="utf-8"))
    keys, merged = [], {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sources, "PART_BYTES", part)
        try:
            for found in string_object_parts(path, odd=True):
                keys.extend(getattr(found, "order", found))
                merged.update(found)
        except NotFlat:
            assert any(_SEPARATOR.search(json.dumps(x)) for pair in pairs for x in pair)
            return
    assert keys == [k for k, _ in pairs] and merged == whole
    assert list(merged) == list(whole)


@pytest.mark.parametrize(
    "text",
    ['{"a": "x", "b": {"c": 1, "c": 2}}', '["a", 1]', '{"a": 1,}', '{"a": [1}', "1"],
)
def test_odd_parts_leave_the_rest_to_the_whole_reader(tmp_path, text):
    """A key repeated inside a value (whose warning the whole reading
    gives), another value than an object, invalid JSON: not read in parts."""
    path = tmp_path / "pred.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(NotFlat):
        list(string_object_parts(path, odd=True))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_pipe_is_left_to_the_whole_reader_before_it_is_read(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(NotFlat):
        next(iter(string_object_parts(fifo)))  # opening alone would block on a reader


# --- XOR predictions: only the gold's, the same warnings, a bounded peak ---------------------


def _generated(path, gold_ids, others, seed=3, prefix=""):
    rng = random.Random(seed)
    answers = ["Helsinki", "東京 タワー", 'a "quoted", "b"', "1,000", "", "x\\y", "ऑक्सफोर्ड"]
    entries = [(prefix + qid, rng.choice(answers)) for qid in gold_ids]
    entries += [(f"{prefix}{rng.getrandbits(62)}", rng.choice(answers)) for _ in range(others)]
    rng.shuffle(entries)
    body = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in entries)
    path.write_text("{" + body + "}", encoding="utf-8")


def _gold(ids):
    return XorGold(list(ids), ["fi"] * len(ids), [("x",)] * len(ids), [False] * len(ids),
                   list(range(1, len(ids) + 1)))  # fmt: skip


def _read(task, path, gold):
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        found = get_task(task).read_predictions(str(path), gold, diag)
    # by id: answers read in parts are held at their gold places (in gold order), those
    # read whole in the file's order
    return sorted(found.items()), diag.messages


@pytest.mark.parametrize(
    ("task", "prefix", "extra"),
    [
        ("xor-full", "", ""),
        ("xor-full", "ja_", ""),  # keys cut after the last "_"
        ("xor-engspan", "", ""),
        ("xor-full", "", ', "q7": "again"'),  # a repeated key: its warning, the last value
        ("xor-full", "", ', "fi_q7": "again"'),  # a question id twice once keys are cut
        ("xor-engspan", "", ', "q8": {"answer": "Oulu"}'),  # another shape
    ],
)
def test_xor_predictions_read_in_parts_are_those_read_whole(
    monkeypatch, tmp_path, task, prefix, extra
):
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _generated(path, gold_ids, 3000, prefix=prefix)
    path.write_text(path.read_text(encoding="utf-8")[:-1] + extra + "}", encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    gold = _gold(gold_ids)
    in_parts = _read(task, path, gold)

    monkeypatch.setattr(sources, "string_object_parts", read_whole)
    assert in_parts == _read(task, path, gold)
    assert len(in_parts[0]) == 300 and {qid for qid, _ in in_parts[0]} == set(gold_ids)
    assert in_parts[1][-1].endswith("and 2997 more)")  # the unknown ids, counted


def _squad_gold(path, ids, task_name="squad"):
    questions = [
        {"id": qid, "question": "?", "answers": [{"text": "x", "answer_start": 0}]} for qid in ids
    ]
    data = [{"title": "t", "paragraphs": [{"context": "x", "qas": questions}]}]
    path.write_text(json.dumps({"version": "1.1", "data": data}), encoding="utf-8")
    with warnings.catch_warnings():  # KorQuAD's version differs: a warning
        warnings.simplefilter("ignore", AnswermatchWarning)
        return get_task(task_name).read_gold(str(path), Diagnostics())


def _squad_read(task, gold, path):
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        found = task.read_predictions(str(path), gold, diag)
    return getattr(found, "texts", found), diag.messages


@pytest.mark.parametrize("task_name", ["squad", "squad-v2", "korquad", "cmrc2018"])
@pytest.mark.parametrize(
    ("extra", "in_parts"),
    [
        ("", True),
        (', "q7": "again"', True),  # a repeated key: the last value wins, with its warning
        (', "q8": 5', True),  # not a string: read in parts too, kept as it is
    ],
)
def test_squad_predictions_read_in_parts_are_those_read_whole(
    monkeypatch, tmp_path, task_name, extra, in_parts
):
    """Read in parts, a file {id: text} keeps the gold's predictions and
    warns about the others exactly as read whole; a file that is not plainly
    {id: text} is read whole."""
    gold_ids = [f"q{k}" for k in range(300)]
    task = get_task(task_name)
    gold = _squad_gold(tmp_path / "gold.json", gold_ids, task_name)
    path = tmp_path / "pred.json"
    _generated(path, gold_ids, 3000)
    path.write_text(path.read_text(encoding="utf-8")[:-1] + extra + "}", encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    try:
        parts = _squad_read(task, gold, path)
    except InputError as error:
        parts = str(error)
    calls = []

    def whole(source, **options):
        calls.append(source)
        raise NotFlat(source)

    monkeypatch.setattr(sources, "string_object_parts", whole)
    try:
        texts, messages = _squad_read(task, gold, path)
    except InputError as error:
        assert parts == str(error)
        return
    assert calls  # read whole (a reader may keep only the gold's ids, as KorQuAD's does)
    expected = {k: v for k, v in texts.items() if k in set(gold_ids)} if in_parts else texts
    assert parts == (expected, messages)
    assert parts[1] == messages and any("2997 more" in m for m in messages)
    assert len(parts[0]) == (300 if in_parts else len(texts))


@pytest.mark.parametrize("task_name", ["squad", "korquad", "cmrc2018"])
def test_squad_predictions_peak_within_twice_the_file(tmp_path, task_name):
    """300,000 SQuAD-layout predictions, 300 of them for gold questions,
    read under twice the file's size and a few parts (whole: about six
    times)."""
    gold_ids = [f"q{k}" for k in range(300)]
    task = get_task(task_name)
    gold = _squad_gold(tmp_path / "gold.json", gold_ids, task_name)
    path = tmp_path / "pred.json"
    _generated(path, gold_ids, 300_000)
    size = path.stat().st_size
    peak = traced_peak(task.read_predictions, str(path), gold, Diagnostics(part=True))
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)


def test_xor_predictions_peak_within_twice_the_file(tmp_path):
    """300,000 predictions, 300 of them for gold questions: reading them
    whole held about nine times the file's bytes (the bytes and an object
    per id and answer); in parts the peak stays under twice its size and
    a few parts."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _generated(path, gold_ids, 300_000)
    size = path.stat().st_size
    gold = _gold(gold_ids)
    task = get_task("xor-full")
    peak = traced_peak(task.read_predictions, str(path), gold, Diagnostics(part=True))
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)


# --- long SQuAD answers ---------------------------------------------------------------------


def test_long_answers_give_the_tokens_of_the_whole_text(monkeypatch):
    rng = random.Random(5)
    words = [
        "The",
        "a",
        "An",
        "Σ",
        "ΣΑΣ",
        "the,",
        "cat.",
        "İ",
        "x",
        "...",
        "\u2028",
        "\x1c",
        "\xa0",
    ]
    text = " ".join(rng.choice(words) for _ in range(30_000))
    monkeypatch.setattr(steps, "PIECE_CHARS", 1000)
    monkeypatch.setattr(steps, "SHARED_TOKENS", 3)
    assert _squad_tokens()(text) == tuple(normalizer("squad")(text).split())


def test_a_long_answer_is_tokenized_within_twice_its_size():
    """4,500,000 characters of words: SQuAD's tokens of the whole
    normalized text took about twelve times the text's size (a string per
    token, the normalized text, two lists); in pieces, under twice it."""
    rng = random.Random(5)
    words = ["Tower", "the", "of", "1889", "Paris", "iron", "finished", "a", "in", "built,"]
    text = " ".join(rng.choice(words) for _ in range(900_000))
    tokens = _squad_tokens()
    peak = traced_peak(tokens, text)
    assert peak < 2 * len(text), (peak, len(text))


def test_a_long_answer_is_scored_as_its_tokens_say(tmp_path):
    context = "Paris tower 1889"
    gold = [{"id": "q1", "answers": {"text": ["1889 tower"], "answer_start": [6]},
             "context": context}]  # fmt: skip
    text = " ".join(["tower"] * 600_000 + ["1889"])  # 3.6 million characters
    result = answermatch.evaluate("squad", gold, {"q1": text})
    assert result.scores["exact_match"] == 0.0
    # F1: 2 shared tokens of 600,001 predicted and 2 gold ones
    p, r = 2 / 600_001, 1.0
    assert result.scores["f1"] == pytest.approx(100 * 2 * p * r / (p + r), abs=1e-9)


# --- pipes ----------------------------------------------------------------------------------


def _endless_writer(fifo, written):
    def write():
        try:
            with open(fifo, "wb") as out:
                for _ in range(256):  # 16 MiB, sixteen times the limit
                    out.write(b"y" * (1 << 16))
                    written[0] += 1 << 16
        except BrokenPipeError:  # the reader gave up, as it should
            pass

    return threading.Thread(target=write)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_an_endless_pipe_is_refused_without_reading_it_again(tmp_path, monkeypatch, capsys):
    """The refusal comes one piece past the limit, and the check for
    swapped files does not read the pipe a second time (it did, holding a
    second limit's worth of bytes)."""
    monkeypatch.setattr(sources, "MAX_INPUT_BYTES", 1 << 20)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 16)
    gold = os.path.join(os.path.dirname(__file__), "..", "examples", "squad", "dev.json")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    written = [0]
    writer = _endless_writer(fifo, written)
    writer.start()
    assert main(["score", "squad", "--gold", gold, "--pred", str(fifo), "-q"]) == 2
    writer.join(timeout=30)
    assert not writer.is_alive()
    assert "it goes on: more than the 1,048,576 bytes" in capsys.readouterr().err
    # the limit, one piece past it, and what the pipe and the writer held
    assert written[0] <= (1 << 20) + 4 * (1 << 16), written[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
@pytest.mark.parametrize(
    ("task", "gold", "pred"),
    [
        ("squad", "examples/squad/dev.json", "examples/squad/pred.json"),
        ("xor-full", "examples/xor-full/gold.jsonl", "examples/xor-full/pred.json"),
        ("poleval2021", "examples/poleval2021/expected.tsv", "examples/poleval2021/out.tsv"),
    ],
)
def test_a_pipe_read_into_one_buffer_scores_as_the_file(tmp_path, monkeypatch, task, gold, pred):
    """A pipe comes as one ``bytearray``, which every reader takes as bytes."""
    root = os.path.join(os.path.dirname(__file__), "..")
    gold, pred = os.path.join(root, gold), os.path.join(root, pred)
    if not os.path.exists(pred):
        pytest.fail(f"no example {pred}")
    monkeypatch.setattr(sources, "CHUNK_BYTES", 64)  # many pieces
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with open(pred, "rb") as fh:
        data = fh.read()

    def write():
        with open(fifo, "wb") as out:
            out.write(data)

    writer = threading.Thread(target=write)
    writer.start()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        piped = answermatch.evaluate(task, gold, str(fifo)).scores
        writer.join(timeout=30)
        assert piped == answermatch.evaluate(task, gold, pred).scores


def test_a_pipe_buffer_past_the_limit_is_freed_before_the_error(monkeypatch):
    """The error's traceback keeps the reading frame alive: its buffer must
    already be gone (it was not, and a second read doubled the peak)."""
    monkeypatch.setattr(sources, "MAX_INPUT_BYTES", 4 << 20)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 20)

    class Endless:
        def read(self, n):
            return b"z" * n

    tracemalloc.start()
    try:
        with pytest.raises(InputError) as caught:
            sources._read_pieces(Endless(), "pipe", None)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert caught.value.path == "pipe"
    assert held < 1 << 20, held


def test_gzipped_predictions_are_read_in_parts_too(monkeypatch, tmp_path):
    import gzip

    gold_ids = [f"q{k}" for k in range(50)]
    plain = tmp_path / "pred.json"
    _generated(plain, gold_ids, 500)
    packed = tmp_path / "pred.json.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    monkeypatch.setattr(sources, "PART_BYTES", 512)
    parts = list(string_object_parts(packed))
    assert len(parts) > 1
    gold = _gold(gold_ids)
    found, warned = _read("xor-full", packed, gold)
    assert (found, [w.replace(".json.gz:", ".json:") for w in warned]) == _read(
        "xor-full", plain, gold
    )


def test_a_large_file_read_in_parts_draws_progress(monkeypatch, tmp_path, progress_seen):
    path = tmp_path / "pred.json"
    _generated(path, ["q1"], 2000)
    monkeypatch.setattr(sources, "PART_BYTES", 1024)
    monkeypatch.setattr(sources, "PROGRESS_BYTES", 4096)
    assert sum(map(len, string_object_parts(path))) == 2001
    size = path.stat().st_size  # the bar counts megabytes, of the file's bytes
    expected = {"total": size, "desc": "reading pred.json", "enabled": True, "size": len}
    assert progress_seen == expected


@pytest.mark.parametrize("lang", ["en", "es", "de", "ar", "hi", "vi", "zh"])
def test_long_mlqa_answers_give_the_tokens_of_the_whole_text(monkeypatch, lang):
    from answermatch.tasks.squad import rules

    tokenize = rules._mlqa_words(lang)[1]
    rng = random.Random(7)
    words = ["The", "el", "la", "der", "Die", "ال", "البيت", "của", "những", "中国", "北京市"]
    words += ["a,", "l'", "x.y", "¿qué?", "İ", "Σ", "\u3000", "\u2028", "\xa0", "-", "1,000"]
    text = " ".join(rng.choice(words) for _ in range(20_000))
    for module in (steps, rules):  # rules.py tests the length before the pieces
        monkeypatch.setattr(module, "PIECE_CHARS", 500)
    in_pieces = tokenize(text)
    for module in (steps, rules):
        monkeypatch.setattr(module, "PIECE_CHARS", 10**9)  # the whole text at once
    assert in_pieces == tokenize(text)


@pytest.mark.parametrize(
    ("repeated", "kept"),
    [(None, True), ("x5", False), ("q3", False)],  # none, another id, a kept one
)
def test_kept_entries_send_a_repeated_key_to_the_whole_reading(
    monkeypatch, tmp_path, repeated, kept
):
    path = tmp_path / "rows.jsonl"
    ids = [f"q{k}" for k in range(10)] + [f"x{k}" for k in range(2000)]
    ids += [] if repeated is None else [repeated]  # parts after its first
    path.write_text("".join(json.dumps({"id": qid}) + "\n" for qid in ids), encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 512)

    def parts(source):
        for numbers, rows in sources.jsonl_parts(source):
            yield {row["id"]: line for line, row in zip(numbers, rows, strict=True)}

    found = sources.kept_entries(path, parts, {f"q{k}" for k in range(10)})
    assert (found is not None) == kept
    if kept:
        assert found.entries == {f"q{k}": 1 + k for k in range(10)}
        assert (found.others, found.examples) == (2000, ["x0", "x1", "x2"])


# --- MKQA: predictions read in parts, the gold line by line -----------------------------------


def _mkqa_rows(path, gold_ids, others, extra="", seed=3):
    """An ``en.jsonl`` of plain rows: the gold ids and ``others`` made-up
    ids in random order, then the ``extra`` lines."""
    rng = random.Random(seed)
    texts = ["Helsinki", "東京 タワー", 'a "quoted": x', "", None, "1,000"]
    ids = [int(qid) for qid in gold_ids] + [rng.getrandbits(62) for _ in range(others)]
    rng.shuffle(ids)
    rows = [
        {"example_id": qid, "prediction": rng.choice(texts), "binary_answer": None,
         "no_answer_prob": rng.uniform(-2, 2)}
        for qid in ids
    ]  # fmt: skip
    body = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    path.write_text(body + extra, encoding="utf-8")
    known = set(gold_ids)
    return next((k for k, qid in enumerate(ids, start=1) if str(qid) not in known), None)


def _mkqa_read(path, gold_ids):
    from answermatch.tasks.mkqa.data import MkqaGold, read_predictions

    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            found = read_predictions(str(path), MkqaGold("gold", list(gold_ids)), diag)
        except InputError as error:
            return str(error), diag.messages
    en = found.languages["en"]
    return (en.texts, en.probs, {k: en.lines[k] for k in gold_ids}), diag.messages


@pytest.mark.parametrize(
    "extra",
    [
        "",  # all plain: read in parts
        '{"example_id": 7, "prediction": "again", "binary_answer": null}\n',  # repeated
        '{"example_id": 5, "prediction": "x", "binary_answer": "maybe"}\n',  # an error
        '{"example_id": 1, "prediction": "x", "binary_answer": null, "no_answer_prob": NaN}\n',
        '{"example_id": 1, "prediction": "x", "prediction": "y", "binary_answer": ""}\n',
        "not json\n",
    ],
)
@pytest.mark.parametrize("others", [0, 3000])
def test_mkqa_predictions_read_in_parts_are_those_read_whole(monkeypatch, tmp_path, extra, others):
    """Values, warnings and errors (the unknown ids', counted) are those of
    the whole reading; a file that is not plain rows is read whole."""
    gold_ids = [str(k) for k in range(300)]
    path = tmp_path / "en.jsonl"
    first = _mkqa_rows(path, gold_ids[1:] if extra.startswith('{"example_id": 1,') else gold_ids,
                       others, extra)  # fmt: skip
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    in_parts = _mkqa_read(path, gold_ids)
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # every file is small: read whole
    assert in_parts == _mkqa_read(path, gold_ids)
    if others and not extra:  # the first unknown id's line, and how many there are
        assert f"en.jsonl:{first}: 3000 predicted example(s)" in in_parts[0]
        assert "and 2997 more (the official script stops" in in_parts[0]
    elif not extra:
        assert len(in_parts[0][0]) == 300 and not in_parts[1]


def test_mkqa_predictions_peak_within_twice_the_file(tmp_path):
    """100,000 rows, 300 of them for gold examples: read whole, about ten
    times the file's size (the text and an object per row); in parts,
    under twice it and a few parts."""
    from answermatch.tasks.mkqa.data import MkqaGold, read_predictions

    gold_ids = [str(k) for k in range(300)]
    path = tmp_path / "en.jsonl"
    _mkqa_rows(path, gold_ids, 100_000)
    size = path.stat().st_size

    def read():
        with pytest.raises(InputError, match="100000 predicted example"):
            read_predictions(str(path), MkqaGold("gold", gold_ids), Diagnostics())

    assert traced_peak(read) < 2 * size + 8 * sources.PART_BYTES, size


def _mkqa_gold_lines(count, start=0):
    from answermatch.tasks.mkqa.rules import LANGUAGES

    answers = {lang: [{"type": "entity", "text": "Oulu", "aliases": ["Uleåborg"]}]
               for lang in LANGUAGES}  # fmt: skip
    return "".join(
        json.dumps({"query": "where?", "answers": answers, "example_id": start + k}) + "\n"
        for k in range(count)
    )


def test_a_predictions_file_read_as_mkqa_gold_is_refused_within_its_size(tmp_path):
    """The check for swapped files reads the predictions as a gold: every
    line was decoded and kept before the first was looked at (about ten
    times the file); now lines are read as they come, and the rest of the
    file only checked for a line that is not JSON: a few parts at most."""
    from answermatch.tasks.mkqa.data import read_gold

    path = tmp_path / "en.jsonl"
    _mkqa_rows(path, [], 100_000)
    size = path.stat().st_size

    def read():
        with pytest.raises(InputError, match=r"en.jsonl:1: .*expected 'answers' to be an object"):
            read_gold(str(path), Diagnostics())

    assert traced_peak(read) < 8 * sources.PART_BYTES, size


def test_mkqa_gold_warnings_and_errors_come_as_from_the_whole_file(tmp_path):
    """A line that is not JSON comes first, as the official script decodes
    every line before it reads one; else each warning is given once."""
    from answermatch.tasks.mkqa.data import read_gold

    path = tmp_path / "gold.jsonl"
    repeated = _mkqa_gold_lines(3) + _mkqa_gold_lines(1, start=1) + _mkqa_gold_lines(2, start=5)
    path.write_text(repeated, encoding="utf-8")
    diag = Diagnostics()
    with pytest.warns(AnswermatchWarning):
        gold = read_gold(str(path), diag)
    assert gold.ids == ["0", "1", "2", "5", "6"] and gold.kept[1] == 3
    assert len(diag.messages) == 1 and "gold.jsonl:4: example id 1 repeated" in diag.messages[0]
    path.write_text(repeated + "{oops\n" + _mkqa_gold_lines(2), encoding="utf-8")
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning before the error
        with pytest.raises(InputError, match=r"gold.jsonl:7: not valid JSON"):
            read_gold(str(path), diag)
    assert diag.messages == []


def test_an_mkqa_gold_is_held_as_its_lines(tmp_path):
    """The gold's lines are kept (each language decoded when scored): read
    whole, the file's bytes, its lines and then each line were held at
    once (2.6 times this file's size); read block by block, the lines and
    their records (1.8 times)."""
    from answermatch.tasks.mkqa.data import read_gold

    path = tmp_path / "gold.jsonl"
    path.write_text(_mkqa_gold_lines(3000), encoding="utf-8")
    size = path.stat().st_size
    gold = read_gold(str(path), Diagnostics())
    assert len(gold.ids) == 3000 and gold.answers("fi", 2999) == ("Oulu", "Uleåborg")
    assert traced_peak(read_gold, str(path), Diagnostics()) < 2 * size, size


# --- open-qa: gold and predictions in parts -----------------------------------------------------


def _open_qa_gold(path, count, extra=""):
    rows = [{"id": f"q{k}", "question": "where?", "answers": ["Oulu", "Uleåborg"], "lang": "fi"}
            for k in range(count)]  # fmt: skip
    body = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    path.write_text(body + extra, encoding="utf-8")


def _open_qa(gold, pred, monkeypatch=None):
    """The items and warnings of scoring ``pred``, or the error."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            result = answermatch.evaluate("open-qa", str(gold), str(pred))
        except InputError as error:
            return str(error)
    return [(i["id"], i["prediction"], i["score"]) for i in result.items], result.warnings


@pytest.mark.parametrize("rows", [False, True])
@pytest.mark.parametrize(
    "extra",
    [
        "",
        '"q7": "again"',  # a repeated id: read whole
        '"q8": null',  # no answer: read whole
        '"q9": 5',  # an error
    ],
)
def test_open_qa_predictions_read_in_parts_are_those_read_whole(monkeypatch, tmp_path, rows, extra):
    gold = tmp_path / "gold.jsonl"
    _open_qa_gold(gold, 300)
    pred = tmp_path / ("pred.jsonl" if rows else "pred.json")
    _generated(pred, [f"q{k}" for k in range(300)], 3000)
    if extra:
        pred.write_text(pred.read_text(encoding="utf-8")[:-1] + ", " + extra + "}", "utf-8")
    if rows:
        entries = json.loads(pred.read_text(encoding="utf-8"))
        lines = [json.dumps({"id": k, "prediction": v}) for k, v in entries.items()]
        if extra == '"q7": "again"':
            lines.append(json.dumps({"id": "q7", "prediction": "again"}))
        pred.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    in_parts = _open_qa(gold, pred)
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == _open_qa(gold, pred)
    if not extra:
        assert len(in_parts[0]) == 300 and any("3000 prediction id(s)" in w for w in in_parts[1])


@pytest.mark.parametrize(
    "extra",
    [
        "",
        '{"id": "q1", "answers": ["x"]}\n',  # a repeated id
        '{"id": "q1", "answers": ["x"]}\n{"id": "q", "answers": ["x"], "answers": ["y"]}\n',
        '{"id": "q1", "answers": ["x"]}\n{"id": \n',  # the line that is not JSON comes first
        '{"id": "q1", "answers": ["x"]}\n\xff\n',
    ],
)
def test_an_open_qa_gold_read_in_parts_is_the_one_read_whole(monkeypatch, tmp_path, extra):
    from answermatch.tasks.open_qa import reading

    path = tmp_path / "gold.jsonl"
    _open_qa_gold(path, 2000, extra)
    monkeypatch.setattr(sources, "PART_BYTES", 997)

    def read():
        diag = Diagnostics()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            try:
                return reading.read_gold(str(path), diag), diag.messages
            except InputError as error:
                return str(error)

    in_parts = read()

    monkeypatch.setattr(reading, "jsonl_parts", read_whole)
    assert in_parts == read()
    if not extra:
        assert len(in_parts[0]) == 2000


def test_open_qa_predictions_as_gold_are_named_as_before(tmp_path):
    gold = tmp_path / "gold.jsonl"
    _open_qa_gold(gold, 3)
    pred = tmp_path / "pred.jsonl"
    pred.write_text('{"id": "q1", "prediction": "Oulu"}\n{"id": ', encoding="utf-8")
    with pytest.raises(InputError, match=r"pred\.jsonl:2: not valid JSON"):
        answermatch.evaluate("open-qa", str(pred), str(gold))
    pred.write_text('{"id": "q1", "prediction": "Oulu"}\n' * 2, encoding="utf-8")
    with pytest.raises(InputError, match=r"pred\.jsonl:1: this is a predictions file"):
        answermatch.evaluate("open-qa", str(pred), str(gold))


@pytest.mark.parametrize("rows", [False, True])
def test_open_qa_predictions_peak_within_twice_the_file(tmp_path, rows):
    """300,000 predictions, 300 of them for gold questions: read whole,
    five to nine times the file's size; in parts, under twice it and a few
    parts."""
    from answermatch.tasks.open_qa.reading import read_gold, read_predictions

    gold_path = tmp_path / "gold.jsonl"
    _open_qa_gold(gold_path, 300)
    gold = read_gold(str(gold_path), Diagnostics())
    path = tmp_path / "pred.json"
    _generated(path, [f"q{k}" for k in range(300)], 300_000)
    if rows:
        entries = json.loads(path.read_text(encoding="utf-8"))
        path = tmp_path / "pred.jsonl"
        path.write_text("".join(json.dumps({"id": k, "prediction": v}) + "\n"
                                for k, v in entries.items()), encoding="utf-8")  # fmt: skip
        del entries
    size = path.stat().st_size
    peak = traced_peak(read_predictions, str(path), gold, Diagnostics())
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)


def test_an_open_qa_gold_peaks_at_its_questions(monkeypatch, tmp_path):
    """The questions are kept, not the file, and by columns: a question of
    these 87-byte rows takes about 50 bytes (its strings in text columns,
    the rest in arrays; as an object with its strings, 420 bytes, and read
    whole the file's text and every row's dict came on top: 13 times the
    file's size); the ids are told apart by their hashes. In parts, the
    questions and a part."""
    from answermatch.tasks.open_qa.reading import read_gold

    path = tmp_path / "gold.jsonl"
    _open_qa_gold(path, 50_000)
    size = path.stat().st_size
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    peak = traced_peak(read_gold, str(path), Diagnostics())
    assert peak < 1.5 * size, (peak, size)


def test_a_gzipped_mkqa_gold_with_a_warning_is_read_again_for_it(tmp_path):
    """The official gold is gzipped: read again after its first warning
    (the rest checked first), it gives that warning once, in place."""
    import gzip

    from answermatch.tasks.mkqa.data import read_gold

    path = tmp_path / "gold.jsonl.gz"
    path.write_bytes(gzip.compress((_mkqa_gold_lines(3) + _mkqa_gold_lines(1)).encode()))
    diag = Diagnostics()
    with pytest.warns(AnswermatchWarning, match=r"gold\.jsonl\.gz:4: example id 0 repeated"):
        gold = read_gold(str(path), diag)
    assert gold.ids == ["0", "1", "2"] and gold.line(0) == 4 and len(diag.messages) == 1


@pytest.mark.parametrize("task", ["mkqa", "open-qa"])
def test_large_json_lines_files_draw_progress(monkeypatch, tmp_path, task, progress_seen):
    path = tmp_path / "gold.jsonl"
    if task == "mkqa":
        path.write_text(_mkqa_gold_lines(20), encoding="utf-8")
    else:
        _open_qa_gold(path, 200)
    monkeypatch.setattr(sources, "PART_BYTES", 1024)
    monkeypatch.setattr(sources, "PROGRESS_BYTES", 4096)
    get_task(task).read_gold(str(path), Diagnostics())
    size = path.stat().st_size
    expected = {"total": size, "desc": "reading gold.jsonl", "enabled": True, "size": len}
    assert progress_seen == expected


# --- open-qa: questions and predictions held packed ---------------------------------------------


def _open_qa_rows(count, seed=5):
    """Gold rows of every shape the reader takes: ids as strings and
    integers, ``answers``, ``answer`` or ``{"aliases"}``, empty and blank
    aliases, languages named in any form or not at all, questions absent or
    null, and texts in several scripts (a lone surrogate among them)."""
    rng = random.Random(seed)
    questions = ["東京タワーはどこ?", "ఒరెగాన్ రాష్ట్రంలోని అతిపెద్ద నగరం ఏది ?", "Who?", "", "x\ud800y"]
    answers = ["Helsinki", "東京", "ऑक्सफोर्ड", "1,000", 'a "b"', "Uleåborg", "\ud83d"]
    rows = []
    for k in range(count):
        row = {"id": k if k % 5 == 0 else f"q{k}", "question": rng.choice(questions),
               "answers": rng.sample(answers, rng.randint(1, 3)),
               "lang": rng.choice(["ja", "te-IN", "FI"])}  # fmt: skip
        shape = rng.random()
        if shape < 0.05:
            row["answers"] += rng.choice([[""], ["  "]])
        elif shape < 0.1:
            del row["lang"]
        elif shape < 0.15:
            del row["question"]
        elif shape < 0.2:
            row["question"] = None
        elif shape < 0.25:
            row["answers"] = {"aliases": row["answers"]}
        elif shape < 0.3:
            row["answer"] = row.pop("answers")[0]
        rows.append(row)
    return rows


def _open_qa_questions(rows, default=None):
    """The questions of ``rows`` read one by one, as the reader's rules say."""
    from answermatch.languages import canonical_language
    from answermatch.tasks.open_qa.reading import Question

    found = []
    for line, row in enumerate(rows, start=1):
        answers = row["answers"] if "answers" in row else [row["answer"]]
        answers = answers["aliases"] if isinstance(answers, dict) else answers
        kept = tuple(a for a in answers if a.strip())
        lang = canonical_language(row["lang"]) if "lang" in row else default
        question = Question(str(row["id"]), line, kept, row.get("question"), lang,
                            len(answers) - len(kept))  # fmt: skip
        found.append(question)
    return found


def _write_rows(path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


@pytest.mark.parametrize("loaded", [False, True])
def test_an_open_qa_gold_held_by_columns_gives_each_row_as_read(monkeypatch, tmp_path, loaded):
    from answermatch.tasks.open_qa.reading import read_gold

    rows = _open_qa_rows(3000)
    path = tmp_path / "gold.jsonl"
    _write_rows(path, rows)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    gold = read_gold(rows if loaded else str(path), Diagnostics(), lang="de")
    expected = _open_qa_questions(rows, default="de")
    assert len(gold) == 3000 and list(gold) == expected and gold == expected
    assert [q.empty for q in gold] == [q.empty for q in expected] and gold.empty
    for k in (0, 1, 17, 2999, -1, -3000):
        assert gold[k] == expected[k] and gold[k].empty == expected[k].empty
    assert gold[5:40:7] == expected[5:40:7] and gold[-2:] == expected[-2:]
    with pytest.raises(IndexError):
        gold[3000]
    assert list(gold.ids) == [q.id for q in expected]
    for field, column in (("answers", "answers"), ("lang", "lang"), ("question", "question")):
        values = [getattr(q, field) for q in expected]
        assert list(gold.column(column)) == values and gold.column(column)[1:9] == values[1:9]
    assert gold.languages() == {"de", "fi", "ja", "te"}


@pytest.mark.parametrize("shape", ["mapping", "rows", "loaded", "texts"])
def test_open_qa_predictions_held_in_gold_order_are_the_entries(monkeypatch, tmp_path, shape):
    from answermatch.tasks.open_qa.reading import read_gold, read_predictions

    rows = _open_qa_rows(3000)
    gold = read_gold(rows, Diagnostics())
    rng = random.Random(11)
    ids = [q.id for q in gold]
    texts = ["Oulu", "東京 タワー", "", None]
    entries = {key: rng.choice(texts) for key in ids if rng.random() < 0.9}
    pairs = list(entries.items()) + [(f"x{k}", "?") for k in range(2000)]
    rng.shuffle(pairs)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    if shape == "mapping":
        source = tmp_path / "pred.json"
        source.write_text(json.dumps(dict(pairs)), encoding="utf-8")
    elif shape == "rows":
        source = tmp_path / "pred.jsonl"
        _write_rows(source, [{"id": key, "prediction": text} for key, text in pairs])
    elif shape == "loaded":
        source = dict(pairs)
    else:
        source = [entries.get(key) for key in ids]
    found = read_predictions(str(source) if isinstance(source, os.PathLike) else source, gold,
                             Diagnostics())  # fmt: skip
    expected = [entries.get(key) for key in ids]
    assert list(found.texts) == expected and found.texts == expected
    assert [found.texts[k] for k in (0, 5, -1)] == [expected[k] for k in (0, 5, -1)]
    assert found.texts.unanswered() == expected.count(None)
    assert found.others == (0 if shape == "texts" else 2000)


def test_an_open_qa_run_peaks_within_twice_its_files(monkeypatch, tmp_path):
    """A gold of 20,000 rows of a short question and two answers (as
    XOR-TyDi's) and a prediction for each: the questions (an object and a
    string per field, three times the row's bytes), the predictions' dict
    and the ids to keep took five times both files; held by columns, the
    whole run stays under twice them (the largest part besides the gold:
    the gold ids' places, while the predictions are read)."""
    question = "東京タワーは日本のどの都市にあり、いつ建てられましたか"
    rows = [{"id": f"q{k}", "question": question, "answers": ["東京", "港区"], "lang": "ja"}
            for k in range(20_000)]  # fmt: skip
    gold, pred = tmp_path / "gold.jsonl", tmp_path / "pred.json"
    gold.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), "utf-8")
    answers = {row["id"]: "東京です" for row in rows}
    pred.write_text(json.dumps(answers, ensure_ascii=False), "utf-8")
    size = gold.stat().st_size + pred.stat().st_size
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)  # the predictions in parts too
    answermatch.evaluate("open-qa", [{"id": 1, "answers": ["x"]}], {"1": "x"})  # the imports
    found = {}

    def run():
        found["result"] = answermatch.evaluate("open-qa", str(gold), str(pred), "fair")

    peak = traced_peak(run)
    assert found["result"].scores == {"accuracy": 0.0}
    assert found["result"].items[7]["gold"] == ["東京", "港区"]
    assert peak < 2 * size, (peak, size)


# --- a key given again, a null: read in parts, as read whole --------------------------------


def _with_repeats(path, gold_ids, others, repeats, *, prefix="", null=False, pad="", seed=11):
    """A file ``{id: text}`` of the gold ids and ``others`` other ids
    (``x0``, ``x1``... each followed by ``pad``), then each ``(key,
    index)`` of ``repeats`` given again before entry ``index`` (a key that
    is an int: that gold id; a str: that other id); ``null``: every tenth
    answer is null."""
    rng = random.Random(seed)
    answers = ["Oulu", "東京", 'a "b", "c"', "", "x\\y"]
    entries = [(prefix + qid, rng.choice(answers)) for qid in gold_ids]
    entries += [(f"{prefix}x{k}{pad}", rng.choice(answers)) for k in range(others)]
    rng.shuffle(entries)
    for k, (key, index) in enumerate(sorted(repeats, key=lambda r: -r[1])):
        key = prefix + (gold_ids[key] if isinstance(key, int) else key + pad)
        entries.insert(index, (key, f"again {k}"))
    if null:
        entries = [(k, None if n % 10 == 3 else v) for n, (k, v) in enumerate(entries)]
    body = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in entries)
    path.write_text("{" + body + "}", encoding="utf-8")


def _predictions(task_name, path, gold_path, gold_ids, diag):
    """What a task reads of ``path`` (in order), or its error."""
    task = get_task(task_name)
    if task_name.startswith("xor"):
        gold = _gold(gold_ids)
    elif task_name == "open-qa":
        _open_qa_gold(gold_path, len(gold_ids))
        gold = task.read_gold(str(gold_path), Diagnostics())
    else:
        gold = _squad_gold(gold_path, gold_ids, task_name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            found = task.read_predictions(str(path), gold, diag)
        except InputError as error:
            return str(error)
    texts = getattr(found, "texts", found)  # read whole, SQuAD's keep the other ids too
    if task_name == "open-qa":  # in the gold's order, null answers among them
        texts = {key: texts[k] for k, key in enumerate(gold.ids) if texts.given(k)}
    kept = [(k, v) for k, v in texts.items() if k in set(gold_ids)]
    return kept, getattr(found, "others", None), getattr(found, "examples", None)


_TASKS = ["xor-full", "xor-engspan", "squad", "squad-v2", "korquad", "cmrc2018", "open-qa"]
_REPEATS = {
    "a gold id across parts": [(7, 2900), (7, 3100)],
    "an other id across parts": [("x5", 2000)],
    "an other id in its part": [("x9", 0), ("x9", 1)],
    "a gold id in its part": [(3, 10), (3, 11), (4, 12)],
    "all of them": [(7, 2900), ("x5", 2000), ("x9", 0), ("x9", 1), (3, 10), (3, 11), ("x5", 5)],
}


@pytest.mark.parametrize("task_name", _TASKS)
@pytest.mark.parametrize("case", sorted(_REPEATS))
@pytest.mark.parametrize("strict", [False, True])
def test_a_key_given_again_is_read_in_parts_as_read_whole(
    monkeypatch, tmp_path, task_name, case, strict
):
    """A key given again no longer sends a file to the whole reading: the
    last value wins, at the key's first place, each repeat warns in the
    file's order (with --strict the first is the error), and the other ids
    are counted once; all as read whole."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _with_repeats(path, gold_ids, 3000, _REPEATS[case])
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    gold_path = tmp_path / ("gold.jsonl" if task_name == "open-qa" else "gold.json")
    diag = Diagnostics(strict=strict)
    in_parts = _predictions(task_name, path, gold_path, gold_ids, diag)
    kept = sources.kept_string_entries(path, set(gold_ids), diag=Deferred())
    assert kept is not None and kept.repeated  # read in parts, with the repeats found

    monkeypatch.setattr(sources, "string_object_parts", read_whole)
    whole_diag = Diagnostics(strict=strict)
    assert in_parts == _predictions(task_name, path, gold_path, gold_ids, whole_diag)
    assert diag.messages == whole_diag.messages
    if strict:
        assert "duplicate key" in in_parts and "--strict" in in_parts
    else:
        repeats = [m for m in diag.messages if "duplicate key" in m]
        assert len(repeats) == len(_REPEATS[case]) and len(in_parts[0]) == 300


def test_keys_with_the_same_bits_are_not_taken_for_a_repeat(monkeypatch, tmp_path):
    """Fingerprints of 12 bits: many other ids share theirs, which the
    second reading tells from the one id given again."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _with_repeats(path, gold_ids, 3000, [("x5", 2500)])
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    monkeypatch.setattr(sources, "_FINGERPRINT", (1 << 12) - 1)
    keep = set(gold_ids)
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        parts = _read("xor-engspan", path, _gold(gold_ids))
        kept = sources.kept_string_entries(path, keep, diag=diag)
    assert kept is not None and kept.repeated == ["x5"] and kept.others == 3000
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert parts == _read("xor-engspan", path, _gold(gold_ids))


@pytest.mark.parametrize("prefix", ["", "ja_"])
def test_xor_full_keys_cut_with_a_repeat_read_as_whole(monkeypatch, tmp_path, prefix):
    """Keys cut after their last "_" with one given again: which was
    repeated is known only of the keys as written, which are read in parts
    once more for it (``tests/test_memory_xor_ids.py``); keys used as
    written are read in parts once. Both as read whole."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _with_repeats(path, gold_ids, 3000, [(7, 2900), ("x5", 100)], prefix=prefix)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    parts = _read("xor-full", path, _gold(gold_ids))
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)
    assert parts == _read("xor-full", path, _gold(gold_ids))
    assert sum("duplicate key" in m for m in parts[1]) == 2


def _all_twice(path, gold_ids, others, seed=5):
    """A file ``{id: text}`` of the gold ids and ``others`` other ids, each
    other id given twice in a row (issue 25's all-repeat file), one gold id
    twice too."""
    rng = random.Random(seed)
    answers = ["Oulu", "東京", 'a "b", "c"', "", "x\\y"]
    entries = [(qid, rng.choice(answers)) for qid in gold_ids]
    for _ in range(others):
        key = f"{rng.getrandbits(62)}"
        entries += [(key, rng.choice(answers)), (key, rng.choice(answers))]
    entries.insert(rng.randrange(len(entries)), (gold_ids[7], "again"))
    body = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in entries)
    path.write_text("{" + body + "}", encoding="utf-8")


@pytest.mark.parametrize("task_name", ["xor-full", "xor-engspan", "squad", "korquad", "open-qa"])
def test_every_key_given_twice_is_read_in_parts_as_read_whole(monkeypatch, tmp_path, task_name):
    """Every other id given twice in a row: the keys given again in their
    part are told by the part's order, not remembered for the second
    reading; the values and every warning, in order, as read whole."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _all_twice(path, gold_ids, 3000)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    gold_path = tmp_path / ("gold.jsonl" if task_name == "open-qa" else "gold.json")
    diag = Diagnostics()
    in_parts = _predictions(task_name, path, gold_path, gold_ids, diag)
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    whole_diag = Diagnostics()
    assert in_parts == _predictions(task_name, path, gold_path, gold_ids, whole_diag)
    assert diag.messages == whole_diag.messages
    assert sum("duplicate key" in m for m in diag.messages) == 3001


def test_every_key_given_twice_peaks_within_twice_the_file(tmp_path):
    """300,000 other ids each given twice in a row: the second reading
    remembered every one of them (about four times the file); now only
    those that may come again in another part (under twice it)."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _all_twice(path, gold_ids, 300_000)
    size = path.stat().st_size
    found = {}

    def read():
        found["kept"] = sources.kept_string_entries(path, set(gold_ids), diag=Deferred())

    peak = traced_peak(read)
    assert peak < 2 * size, (peak, size)
    assert len(found["kept"].repeated) == 300_001 and found["kept"].others == 300_000


@pytest.mark.parametrize("repeats", [[], [(7, 2900), ("x5", 2000)]])
def test_open_qa_null_answers_are_read_in_parts_as_read_whole(monkeypatch, tmp_path, repeats):
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _with_repeats(path, gold_ids, 3000, repeats, null=True)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    gold_path = tmp_path / "gold.jsonl"
    diag = Diagnostics()
    in_parts = _predictions("open-qa", path, gold_path, gold_ids, diag)
    assert sources.kept_string_entries(path, set(gold_ids), nulls=True) is not None or repeats
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)
    whole_diag = Diagnostics()
    assert in_parts == _predictions("open-qa", path, gold_path, gold_ids, whole_diag)
    assert diag.messages == whole_diag.messages
    assert None in dict(in_parts[0]).values() and in_parts[1] == 3000


@pytest.mark.parametrize("task_name", ["xor-full", "squad", "open-qa"])
def test_a_file_with_a_key_given_again_peaks_within_twice_its_size(tmp_path, task_name):
    """300,000 predictions, 300 of them for gold questions, one gold id and
    one other id given again (and, for open-qa, null answers): read whole
    for the repeats, about nine times the file's size; now in parts (a
    second reading finds the repeated keys), under twice it."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    repeats = [(7, 250_000), ("x5", 200_000)]
    _with_repeats(path, gold_ids, 300_000, repeats, null=task_name == "open-qa", pad="-" + "7" * 18)
    size = path.stat().st_size
    task = get_task(task_name)
    if task_name == "xor-full":
        gold = _gold(gold_ids)
    elif task_name == "open-qa":
        _open_qa_gold(tmp_path / "gold.jsonl", 300)
        gold = task.read_gold(str(tmp_path / "gold.jsonl"), Diagnostics())
    else:
        gold = _squad_gold(tmp_path / "gold.json", gold_ids)
    diag = Diagnostics(part=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        peak = traced_peak(task.read_predictions, str(path), gold, diag)
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)
    assert sum("duplicate key" in m for m in diag.messages) == 2


# --- a gold with warnings: read once, its warnings as read whole ---------------------------


_ROW_REPEATS = {
    "keys repeated in rows": [(5, ""), (1500, "")],
    "and a row's error after them": [(5, ""), (1500, ""), (1800, "error")],
    "and a row's error between them": [(5, ""), (900, "error"), (1500, "")],
    "and a line that is not JSON": [(5, ""), (900, "error"), (1500, ""), (1900, "json")],
}


@pytest.mark.parametrize("case", sorted(_ROW_REPEATS))
@pytest.mark.parametrize("strict", [False, True])
def test_an_open_qa_gold_that_warns_is_read_once(monkeypatch, tmp_path, case, strict):
    """A key repeated in a gold row warned only when the file was read
    whole: its parts were read, then the whole file (several times its
    size). Now its warnings wait until every line is decoded and come as
    read whole: every line's, before a row's error, none before a line
    that is not JSON."""
    from answermatch.tasks.open_qa import reading

    lines = _open_qa_gold_text(2000).splitlines(keepends=True)
    for index, kind in _ROW_REPEATS[case]:
        row = {"error": '{"id": "q%d", "answers": []}\n', "json": "{oops\n"}.get(kind)
        lines[index] = (
            row % index
            if kind == "error"
            else row or lines[index].replace('"lang"', '"question": "again?", "lang"')
        )
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    reads = []
    real_read_text = reading.read_text
    monkeypatch.setattr(
        reading, "read_text", lambda *a, **k: reads.append(a) or real_read_text(*a, **k)
    )

    def read():
        diag = Diagnostics(strict=strict)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            try:
                return reading.read_gold(str(path), diag), diag.messages
            except InputError as error:
                return str(error), diag.messages

    in_parts = read()
    assert reads == []  # read once, a line that is not JSON too

    monkeypatch.setattr(reading, "jsonl_parts", read_whole)
    assert in_parts == read()
    if not strict and case == "keys repeated in rows":
        assert [m.split(": ")[0] for m in in_parts[1]] == [f"{path}:6", f"{path}:1501"]


def _open_qa_gold_text(count):
    return "".join(
        json.dumps({"id": f"q{k}", "question": "where?", "answers": ["Oulu"], "lang": "fi"}) + "\n"
        for k in range(count)
    )


def test_an_open_qa_gold_that_warns_peaks_at_its_questions(monkeypatch, tmp_path):
    """As ``test_an_open_qa_gold_peaks_at_its_questions``, with a key
    repeated in a row: read whole for its warning, it peaked at 13 times
    the file's size."""
    from answermatch.tasks.open_qa.reading import read_gold

    path = tmp_path / "gold.jsonl"
    _open_qa_gold(path, 50_000, '{"id": "x", "answers": ["a"], "answers": ["b"]}\n')
    size = path.stat().st_size
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        peak = traced_peak(read_gold, str(path), diag)
    assert peak < 6 * size, (peak, size)
    assert diag.messages == [f"{path}:50001: duplicate key 'answers' in a JSON object (the last "
                             "value wins, as in the official scorer)"]  # fmt: skip


def test_an_mkqa_gold_that_warns_is_read_once(monkeypatch, tmp_path):
    """Its first warning made the gold be read a second time, for the
    warnings in order; now they wait until the file is read (a line that
    is not JSON later still comes first)."""
    from answermatch.tasks.mkqa import data

    path = tmp_path / "gold.jsonl"
    repeated = _mkqa_gold_lines(3) + _mkqa_gold_lines(1, start=1) + _mkqa_gold_lines(2, start=5)
    path.write_text(repeated * 2, encoding="utf-8")
    reads = []
    real_line_blocks = data.line_blocks
    monkeypatch.setattr(
        data, "line_blocks", lambda source: reads.append(source) or real_line_blocks(source)
    )
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        gold = data.read_gold(str(path), diag)
    assert len(reads) == 1 and gold.ids == ["0", "1", "2", "5", "6"]
    assert [m.split(": ")[0].rsplit(":", 1)[1] for m in diag.messages] == [
        "4", "7", "8", "9", "10", "11", "12"
    ]  # fmt: skip
    with pytest.raises(InputError, match=r"gold.jsonl:4: example id 1 repeated .*--strict"):
        data.read_gold(str(path), Diagnostics(strict=True))


# --- MKQA predictions with warnings: read in parts ------------------------------------------


def _mkqa_lines_with(path, gold_ids, others, changes, seed=5):
    """The rows of ``_mkqa_rows`` with ``changes``: ``(index, line)`` put
    before row ``index`` (from the last, so each index is the file's)."""
    _mkqa_rows(path, gold_ids, others, seed=seed)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for index, line in sorted(changes, key=lambda c: -c[0]):
        lines.insert(index, line)
    path.write_text("".join(lines), encoding="utf-8")


def _row(qid, prob="0.5", text='"again"'):
    fields = f'"prediction": {text}, "binary_answer": null, "no_answer_prob": {prob}'
    return f'{{"example_id": {qid}, {fields}}}\n'


_MKQA_CHANGES = {
    "an id again in a later part": [(250, _row(7)), (280, _row(7))],
    "an id again in its part": [(3, _row(9)), (4, _row(9))],
    "NaN": [(100, _row(11, "NaN")), (200, _row(12, "true"))],
    "all of them": [
        (3, _row(9)),
        (4, _row(9)),
        (100, _row(9, "NaN")),
        (250, _row(7)),
        (270, _row(7, text="null")),
    ],
}


@pytest.mark.parametrize("case", sorted(_MKQA_CHANGES))
@pytest.mark.parametrize("strict", [False, True])
def test_mkqa_predictions_with_warnings_are_read_in_parts_as_whole(
    monkeypatch, tmp_path, case, strict
):
    """An id predicted again, a NaN or boolean no_answer_prob: the file was
    read whole for their warnings; now its parts are read row by row where
    they hold one, and the values, the warnings (their order, the first
    line of an id given again) and --strict's error are those of the whole
    reading."""
    from answermatch.tasks.mkqa import data

    gold_ids = [str(k) for k in range(300)]
    path = tmp_path / "en.jsonl"
    _mkqa_lines_with(path, gold_ids, 0, _MKQA_CHANGES[case])
    monkeypatch.setattr(sources, "PART_BYTES", 997)

    def read():
        diag = Diagnostics(strict=strict)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            try:
                found = data.read_predictions(str(path), data.MkqaGold("gold", gold_ids), diag)
            except InputError as error:
                return str(error), diag.messages
        en = found.languages["en"]
        return (list(en.texts.items()), en.probs, en.lines), diag.messages

    whole_reads = []
    real = data._load_lines
    monkeypatch.setattr(data, "_load_lines", lambda *a: whole_reads.append(a) or real(*a))
    in_parts = read()
    assert whole_reads == []  # read in parts
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == read() and whole_reads
    if strict:
        assert "--strict" in in_parts[0]
    else:
        # each row added predicts a gold id again; some also warn for their no_answer_prob
        changes = [line for _, line in _MKQA_CHANGES[case]]
        odd = sum("NaN" in line or "true" in line for line in changes)
        assert len(in_parts[1]) == len(changes) + odd and len(in_parts[0][0]) == 300


def test_mkqa_predictions_with_warnings_peak_below_the_whole_reading(tmp_path):
    """100,000 rows of gold examples, one predicted again and one NaN:
    read whole for their warnings (the text and a dict per row), 10.5
    times the file's size; in parts, what is kept of each row (its text,
    probability and line), about four times, as for a file without them."""
    from answermatch.tasks.mkqa.data import MkqaGold, read_predictions

    gold_ids = [str(k) for k in range(100_000)]
    path = tmp_path / "en.jsonl"
    _mkqa_lines_with(path, gold_ids, 0, [(50_000, _row(7)), (70_000, _row(8, "NaN"))])
    size = path.stat().st_size
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        peak = traced_peak(read_predictions, str(path), MkqaGold("gold", gold_ids), diag)
    assert len(diag.messages) == 3  # 7 and 8 again, 8's NaN
    assert peak < 5 * size, (peak, size)


def test_open_qa_rows_with_a_key_repeated_in_a_row_are_read_in_parts(monkeypatch, tmp_path):
    """Rows ``{"id", "prediction"}`` with a key given twice in a row: read
    whole for its warning before; now in parts, the warnings (one a row,
    with its line) given once the file is read, as read whole."""
    from answermatch.tasks.open_qa import reading

    gold_path = tmp_path / "gold.jsonl"
    _open_qa_gold(gold_path, 300)
    gold = reading.read_gold(str(gold_path), Diagnostics())
    lines = [json.dumps({"id": f"q{k}", "prediction": f"p{k}"}) + "\n" for k in range(300)]
    lines += [json.dumps({"id": f"x{k}", "prediction": "?"}) + "\n" for k in range(3000)]
    for index in (5, 2000):
        lines[index] = lines[index][:-2] + ', "prediction": "again"}\n'
    path = tmp_path / "pred.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    whole_reads = []
    real = reading.read_text
    monkeypatch.setattr(reading, "read_text", lambda *a: whole_reads.append(a) or real(*a))

    def read():
        diag = Diagnostics()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            found = reading.read_predictions(str(path), gold, diag)
        texts = list(zip(gold.ids, found.texts, strict=True))  # in the gold's order
        return texts, found.others, found.examples, diag.messages

    in_parts = read()
    assert whole_reads == []
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == read() and whole_reads
    assert [m.split(": ")[0].rsplit(":", 1)[1] for m in in_parts[3]] == ["6", "2001"]
    assert dict(in_parts[0])["q5"] == "again" and in_parts[1] == 3000


# --- a null in a SQuAD-family file {id: text}: read in parts, as read whole -----------------


def _with_nulls(path, gold_ids, others, where, repeats=(), seed=13):
    """A file ``{id: text}`` (:func:`_with_repeats`) where every seventh
    answer of the ids ``where`` says (``"others"``: those not in the gold,
    ``"all"``: any) is null."""
    _with_repeats(path, gold_ids, others, list(repeats), seed=seed)
    data = json.loads(path.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    gold = set(gold_ids)
    for n, key in enumerate(data):
        if n % 7 == 2 and (where == "all" or key not in gold):
            # the key's first entry ("key": "...") becomes "key": null
            value = json.dumps(data[key], ensure_ascii=False)
            text = text.replace(f"{json.dumps(key)}: {value}", f"{json.dumps(key)}: null", 1)
    path.write_text(text, encoding="utf-8")
    return json.loads(text)


def _squad_family_read(task_name, path, gold, gold_ids, strict):
    """The gold ids' predictions (in order) and the warnings, or the error."""
    diag = Diagnostics(strict=strict)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            found = get_task(task_name).read_predictions(str(path), gold, diag)
        except InputError as error:
            return str(error), diag.messages
    texts = getattr(found, "texts", found)
    return [(k, v) for k, v in texts.items() if k in set(gold_ids)], diag.messages


@pytest.mark.parametrize("task_name", ["squad", "squad-v2", "korquad", "cmrc2018"])
@pytest.mark.parametrize("where", ["others", "all"])
@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("repeats", [[], [(7, 2900), ("x5", 2000)]])
def test_squad_family_nulls_are_read_in_parts_as_read_whole(
    monkeypatch, tmp_path, task_name, where, strict, repeats
):
    """A null no longer sends a file {id: text} to the whole reading: the
    values (KorQuAD's None, CMRC 2018's 'None'), the warnings in their
    order (CMRC's about values that are not strings, the count and first
    ids of the others) and the errors (SQuAD's on a gold id's null, any
    warning under --strict) are those of the whole reading. With a key
    given again as well (its null replaced by a later string here), the
    parts are read once more for the last values (test below)."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    data = _with_nulls(path, gold_ids, 3000, where, repeats)
    assert None in data.values() and (where == "all") == (None in map(data.get, gold_ids))
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    gold = _squad_gold(tmp_path / "gold.json", gold_ids, task_name)
    kept = answermatch.formats.squad.kept_predictions(path, set(gold_ids), Deferred())
    assert kept is not None  # in parts, a key given again or not
    in_parts = _squad_family_read(task_name, path, gold, gold_ids, strict)
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == _squad_family_read(task_name, path, gold, gold_ids, strict)
    values, messages = in_parts
    if strict or (where == "all" and task_name in ("squad", "squad-v2")):
        assert isinstance(values, str)  # the error of a null gold prediction, or a warning
    else:
        assert len(values) == 300 and any("2997 more" in m or "and 2" in m for m in messages)
        null = {"korquad": None, "cmrc2018": "None"}.get(task_name)
        assert (null in dict(values).values()) == (where == "all")


@pytest.mark.parametrize("task_name", ["squad", "korquad", "cmrc2018"])
def test_squad_family_nulls_peak_within_twice_the_file(tmp_path, task_name):
    """300,000 predictions with null answers among them (of other ids for
    SQuAD, which refuses a gold id's null): read whole for the nulls,
    about six times the file's size; now in parts, under twice it."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    where = "others" if task_name == "squad" else "all"
    _with_repeats(path, gold_ids, 300_000, [], null=True, pad="-" + "7" * 18)
    if where == "others":  # the gold ids' answers as strings again
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r'("q\d+"): null', r'\1: "x"', text), encoding="utf-8")
    size = path.stat().st_size
    gold = _squad_gold(tmp_path / "gold.json", gold_ids, task_name)
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        peak = traced_peak(get_task(task_name).read_predictions, str(path), gold, diag)
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)
    assert any("300000 prediction" in m and "not in the gold" in m for m in diag.messages)


# --- any value that is not a string, in a SQuAD-family file {id: text} ----------------------

_ODD_VALUES = ["42", "-1.5e3", "true", "[]", '["a", "b"]', '{"a": "b, \\"c\\""}', "1e400",
               '[1, {"z": null}, ["x", "y"]]', "null", "{}"]  # fmt: skip


def _with_odd(path, gold_ids, others, seed, *, odd, gold, again):
    """A file ``{id: text}`` of the gold ids and ``others`` other ids in a
    random order, ``odd`` of them (only other ids unless ``gold``) at random
    places given a value that is not a string (:data:`_ODD_VALUES`);
    ``again``: two keys given again later, one of them an odd one."""
    rng = random.Random(seed)
    answers = ["Oulu", "東京", 'a "b", "c"', "", "x\\y"]
    keys = gold_ids + [f"x{k}" for k in range(others)]
    rng.shuffle(keys)
    entries = [(key, json.dumps(rng.choice(answers), ensure_ascii=False)) for key in keys]
    pool = [n for n, key in enumerate(keys) if gold or not key.startswith("q")]
    chosen = rng.sample(pool, odd)
    for n in chosen:
        entries[n] = (keys[n], rng.choice(_ODD_VALUES))
    if again:
        for key in (keys[chosen[0]], rng.choice(keys)):
            value = rng.choice([*_ODD_VALUES, '"again"']) if gold or key[0] == "x" else '"again"'
            entries.insert(rng.randrange(len(entries) + 1), (key, value))
    path.write_text("{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in entries) + "}", "utf-8")


@pytest.mark.parametrize("task_name", ["squad", "squad-v2", "korquad", "cmrc2018"])
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("gold", [False, True])
@pytest.mark.parametrize("strict", [False, True])
def test_squad_family_odd_values_are_read_in_parts_as_read_whole(
    monkeypatch, tmp_path, task_name, seed, gold, strict
):
    """A number, a list, an object... among the predictions (issue 25: one
    int in a 58 MB file took 7 times it, a list 12 times) no longer sends
    the file to the whole reading: the values kept, the warnings (CMRC's
    about values that are not strings, with their repr; the count and
    first ids of the others) and the errors (SQuAD's on a gold id's odd
    value) are those of the whole reading, wherever the values fall."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _with_odd(path, gold_ids, 3000, seed, odd=1 + seed * 3, gold=gold, again=seed % 2 == 1)
    gold_file = _squad_gold(tmp_path / "gold.json", gold_ids, task_name)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    with monkeypatch.context() as patch:
        _no_whole_reading(patch)
        in_parts = _squad_family_read(task_name, path, gold_file, gold_ids, strict)
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == _squad_family_read(task_name, path, gold_file, gold_ids, strict)
    values, messages = in_parts
    if not isinstance(values, str):
        assert len(values) == 300 and any("not in the gold" in m for m in messages)


@pytest.mark.parametrize(
    ("task_name", "value", "where"),
    [("squad", "42", "x7"), ("squad", '["a", "b"]', "q7"), ("korquad", '[1, "b"]', "q7")],
)
def test_one_odd_value_peaks_within_twice_the_file(tmp_path, monkeypatch, task_name, value, where):
    """300,000 predictions with one value that is not a string (issue 25's
    cases: an int for an unknown id, a list for a gold id, refused by
    SQuAD) read under twice the file's size, as a file of strings alone."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _generated(path, gold_ids, 300_000)
    text = path.read_text(encoding="utf-8")
    middle = text.index(", ", len(text) // 2)
    path.write_text(f'{text[:middle]}, "{where}": {value}{text[middle:]}', encoding="utf-8")
    size = path.stat().st_size
    gold = _squad_gold(tmp_path / "gold.json", gold_ids, task_name)
    _no_whole_reading(monkeypatch)
    diag = Diagnostics()
    said = []

    def read():
        try:
            get_task(task_name).read_predictions(str(path), gold, diag)
        except InputError as error:
            said.append(str(error))

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        peak = traced_peak(read)
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)
    said += diag.messages
    assert any(("must be a string" if task_name == "squad" and where == "q7" else
                "not in the gold") in m for m in said)  # fmt: skip


# --- a null with keys given again; XOR's null: read in parts, as read whole -----------------


def _nulls_given_again(path, gold_ids, others, seed, *, gold_nulls=True, nulls=True):
    """A file ``{id: text or null}`` of the gold ids and ``others`` other
    ids, some null, some keys given again (also at the start, in one part,
    and last): one first null then a string, one first a string then null,
    one three times; ``gold_nulls``: a gold id may be null; ``nulls``:
    any is."""
    rng = random.Random(seed)
    gold = set(gold_ids)
    keys = gold_ids + [f"x{k}" for k in range(others)]
    rng.shuffle(keys)
    answers = ["Oulu", "東京", 'a "b", "c"', "", "x\\y"]

    def value(key, null=None):
        if null is None:
            null = nulls and (gold_nulls or key not in gold) and rng.random() < 0.1
        return None if null else rng.choice(answers)

    entries = [(key, value(key)) for key in keys]
    pool = keys if gold_nulls else [k for k in keys if k not in gold]
    first, second, third = rng.sample(pool, 3)
    entries[keys.index(first)] = (first, value(first, nulls))
    entries[keys.index(second)] = (second, value(second, False))
    places = sorted(rng.randrange(len(entries)) for _ in range(4))
    later = [(first, value(first, False)), (second, value(second, nulls))]
    later += [(third, value(third)), (third, value(third))]
    for at, entry in zip(reversed(places), later, strict=True):
        entries.insert(at + 1, entry)
    entries.insert(0, (keys[-1], value(keys[-1])))
    entries.append((rng.choice(pool), value(None if nulls else "x")))
    body = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in entries)
    path.write_text("{" + body + "}", encoding="utf-8")


_READERS = [
    "answermatch.tasks.mkqa.data",
    "answermatch.tasks.open_qa.reading",
    "answermatch.tasks.xor.data",
    "answermatch.formats.squad",
]


def _no_whole_reading(monkeypatch):
    """Reading a file whole (``read_bytes``, wherever it was imported) fails
    the test."""

    def refused(source, *args, **kwargs):
        raise AssertionError(f"{source} read whole")

    for name in _READERS:  # imported before, not while read_bytes is replaced
        importlib.import_module(name)
    whole = sources.read_bytes
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if name.startswith("answermatch") and getattr(module, "read_bytes", None) is whole:
            monkeypatch.setattr(module, "read_bytes", refused)


@pytest.mark.parametrize("task_name", ["squad", "squad-v2", "korquad", "cmrc2018"])
@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("strict", [False, True])
def test_squad_family_nulls_with_keys_given_again_are_read_in_parts_as_read_whole(
    monkeypatch, tmp_path, task_name, seed, strict
):
    """A null and a key given again: read in parts (once more for the last
    value of each repeated key), with the values, warnings and errors of
    the whole reading, which took the last value of each key."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _nulls_given_again(path, gold_ids, 3000, seed, gold_nulls=seed % 2 == 0)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    gold = _squad_gold(tmp_path / "gold.json", gold_ids, task_name)
    with monkeypatch.context() as parts_only:
        _no_whole_reading(parts_only)
        in_parts = _squad_family_read(task_name, path, gold, gold_ids, strict)
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == _squad_family_read(task_name, path, gold, gold_ids, strict)
    values, messages = in_parts
    if not strict and not isinstance(values, str):
        assert sum("duplicate key" in m for m in messages) == 6


@pytest.mark.parametrize("task_name", ["xor-full", "xor-engspan"])
@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("nulls", "strict"), [(True, False), (True, True), (False, False)])
@pytest.mark.parametrize("prefix", ["", "ja_"])
def test_xor_nulls_are_refused_in_parts_as_read_whole(
    monkeypatch, tmp_path, task_name, seed, nulls, strict, prefix
):
    """XOR refuses a null once the whole file is decoded, after its
    warnings about keys given again: the same error (naming the first key
    whose last value is null, and its line) and warnings, the file read in
    parts; without a null, the same predictions."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    _nulls_given_again(path, [prefix + k for k in gold_ids], 3000, seed, nulls=nulls)
    text = path.read_text(encoding="utf-8")
    if prefix:  # the other ids cut after the "_" too; keys spread over lines
        text = text.replace('"x', f'"{prefix}x').replace(', "', ',\n "')
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    gold = _gold(gold_ids)

    def outcome():
        diag = Diagnostics(strict=strict)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            try:
                found = get_task(task_name).read_predictions(str(path), gold, diag)
            except InputError as error:
                return str(error), diag.messages
        return sorted(found.items()), diag.messages  # by id (gold order read in parts)

    with monkeypatch.context() as parts_only:
        if nulls or not prefix:  # keys cut, one given again, no null: read whole
            _no_whole_reading(parts_only)
        in_parts = outcome()
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == outcome()
    if nulls:
        error, messages = in_parts
        assert ("--strict" if strict else "got null") in error
        assert strict or sum("duplicate key" in m for m in messages) == 6


@pytest.mark.parametrize("task_name", ["xor-full", "squad"])
def test_nulls_with_a_key_given_again_peak_within_twice_the_file(tmp_path, task_name):
    """300,000 predictions, every tenth null, one gold id and one other id
    given again: read whole for XOR's error or SQuAD's nulls, about seven
    times the file's size; now in parts (read again for the last values),
    under twice it."""
    gold_ids = [f"q{k}" for k in range(300)]
    path = tmp_path / "pred.json"
    repeats = [(7, 250_000), ("x5", 200_000)]
    _with_repeats(path, gold_ids, 300_000, repeats, null=True, pad="-" + "7" * 18)
    size = path.stat().st_size
    task = get_task(task_name)
    if task_name == "xor-full":
        gold = _gold(gold_ids)
    else:
        gold = _squad_gold(tmp_path / "gold.json", gold_ids)
    diag = Diagnostics()

    def read():
        try:
            task.read_predictions(str(path), gold, diag)
        except InputError as error:
            assert "must be a string" in str(error)

    peak = traced_peak(read, quiet=True)
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)
    assert sum("duplicate key" in m for m in diag.messages) == 2


# --- rows refused for a row or a line that is not JSON: in parts, as read whole --------------

_ROW_TROUBLE = {
    "a gold id twice": ['{{"id": "q7", "prediction": "again"}}'],
    "another id twice": ['{{"id": "{other}", "prediction": "again"}}'],
    "an id three times": ['{{"id": "{other}", "prediction": "a"}}'] * 2,
    "a key repeated in a row, then an id twice": [
        '{{"id": "w1", "prediction": "a", "prediction": "b"}}',
        '{{"id": "{other}", "prediction": "again"}}',
        '{{"id": "w2", "prediction": "a", "id": "w3"}}',
    ],
    "a row that is not a prediction, then an id twice": [
        '{{"id": "x", "text": "a"}}',
        '{{"id": "{other}", "prediction": "again"}}',
    ],
    "an id twice, then a line that is not JSON": [
        '{{"id": "{other}", "prediction": "again", "prediction": "b"}}',
        '{{"id": "z", "prediction": }}',
    ],
    "a line that is not JSON": ['{{"id": "z", "prediction": "a"}} x'],
    "an id twice, then invalid UTF-8": ['{{"id": "{other}", "prediction": "again"}}', "\udcff"],
}


def _rows_with(path, gold_ids, others, trouble, seed):
    """A JSON Lines file of prediction rows, the ``trouble`` lines put at
    random places in their order (``{other}``: one of the other ids)."""
    rng = random.Random(seed)
    ids = [*gold_ids, *(f"x{k}" for k in range(others))]
    rng.shuffle(ids)
    lines = [json.dumps({"id": k, "prediction": rng.choice(["Oulu", "東京", None])}) for k in ids]
    other = rng.choice([k for k in ids if k.startswith("x")])
    places = sorted(rng.sample(range(len(lines) + 1), len(trouble)))
    for place, line in zip(reversed(places), reversed(trouble), strict=True):
        lines.insert(place, line.format(other=other))
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogateescape") + b"\n")


def _open_qa_read(gold_path, path, strict):
    task = get_task("open-qa")
    gold = task.read_gold(str(gold_path), Diagnostics())
    diag = Diagnostics(strict=strict)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            found = task.read_predictions(str(path), gold, diag)
        except InputError as error:
            return str(error), diag.messages
    return list(found.texts), found.others, found.examples, diag.messages


@pytest.mark.parametrize("case", sorted(_ROW_TROUBLE))
@pytest.mark.parametrize("seed", range(3))
def test_open_qa_rows_refused_are_refused_in_parts(monkeypatch, tmp_path, case, seed):
    """Rows the whole reading refuses (an id given twice, a row that is not
    a prediction, a line that is not JSON anywhere, which comes first) give
    the same first error, after the same warnings (keys repeated in a row,
    of every line), read in parts, never whole (invalid UTF-8 anywhere
    still goes there, for its error)."""
    gold_path = tmp_path / "gold.jsonl"
    _open_qa_gold(gold_path, 300)
    path = tmp_path / "pred.jsonl"
    _rows_with(path, [f"q{k}" for k in range(300)], 3000, _ROW_TROUBLE[case], seed)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    strict = seed == 2
    with monkeypatch.context() as parts_only:
        if "UTF-8" not in case:
            _no_whole_reading(parts_only)
        in_parts = _open_qa_read(gold_path, path, strict)
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == _open_qa_read(gold_path, path, strict)
    error, messages = in_parts
    if "UTF-8" in case:
        assert "invalid UTF-8" in error
    elif "not JSON" in case:
        assert "not valid JSON" in error and not messages
    elif strict and "repeated in a row" in case:
        assert "--strict" in error
    elif "not a prediction" in case:
        assert "expected a prediction row" in error or "a second prediction" in error
    else:
        assert "a second prediction for id" in error
        assert len(messages) == (2 if "repeated in a row" in case else 0)


@pytest.mark.parametrize("where", ["early", "late"])
def test_mkqa_lines_that_are_not_json_are_refused_in_parts(monkeypatch, tmp_path, where):
    """A line that is not JSON, after a row's error or not: the whole
    reading's error, found in parts (the rest of the file decoded)."""
    gold_ids = [str(k) for k in range(300)]
    path = tmp_path / "en.jsonl"
    _mkqa_rows(path, gold_ids, 3000, '{"example_id": 5, "prediction": x}\n')
    if where == "early":  # a row's error before it
        lines = path.read_text(encoding="utf-8").split("\n")
        lines.insert(40, '{"example_id": 5, "prediction": "x", "binary_answer": "maybe"}')
        path.write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    with monkeypatch.context() as parts_only:
        _no_whole_reading(parts_only)
        in_parts = _mkqa_read(path, gold_ids)
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == _mkqa_read(path, gold_ids)
    line = 3301 + (where == "early")
    assert "not valid JSON" in in_parts[0] and f":{line}:" in in_parts[0]


def test_open_qa_rows_with_an_id_twice_peak_within_twice_the_file(monkeypatch, tmp_path):
    """30,000 rows, another id given again near the end: its error came
    after reading the file whole (several times its size); now in parts."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    gold_path = tmp_path / "gold.jsonl"
    _open_qa_gold(gold_path, 300)
    gold = get_task("open-qa").read_gold(str(gold_path), Diagnostics())
    path = tmp_path / "pred.jsonl"
    _rows_with(path, [f"q{k}" for k in range(300)], 30_000, [], seed=1)
    with path.open("a", encoding="utf-8") as out:
        out.write('{"id": "x17", "prediction": "again"}\n')
    size = path.stat().st_size
    found = []

    def read():
        try:
            get_task("open-qa").read_predictions(str(path), gold, Diagnostics())
        except InputError as error:
            found.append(str(error))

    peak = traced_peak(read)
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)
    assert found and "a second prediction for id 'x17'" in found[0]


@pytest.mark.parametrize("extra", ["", ', "z1": null', ', "id": "x"', ', "q1": "again"'])
def test_xor_predictions_given_as_the_gold_are_refused_in_parts(monkeypatch, tmp_path, extra):
    """A large file {id: answer} read as an XOR gold (as when the scorer
    checks whether the files were swapped) is refused as read whole,
    without reading it whole; with a gold row's key or a key given again,
    it is still read whole."""
    path = tmp_path / "pred.json"
    _generated(path, [f"q{k}" for k in range(300)], 3000)
    path.write_text(path.read_text(encoding="utf-8")[:-1] + extra + "}", encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)

    def outcome():
        with pytest.raises(InputError) as error, warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)  # a key given again
            get_task("xor-full").read_gold(str(path), Diagnostics())
        return str(error.value), error.value.swapped

    with monkeypatch.context() as parts_only:
        if extra in ("", ', "z1": null'):
            _no_whole_reading(parts_only)
        in_parts = outcome()
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert in_parts == outcome()
    assert ("this is a predictions file" in in_parts[0]) == (extra != ', "id": "x"')


@pytest.mark.parametrize("row_error", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_an_open_qa_gold_line_that_is_not_json_is_refused_in_parts(
    monkeypatch, tmp_path, row_error, seed
):
    """A gold's line that is not JSON (after a row's error or not) gives the
    whole reading's error read in parts, never whole; on its first line
    that is not blank it is still read whole (the file may be one JSON
    value over several lines)."""
    from answermatch.tasks.open_qa import reading

    rng = random.Random(seed)
    path = tmp_path / "gold.jsonl"
    _open_qa_gold(path, 2000)
    lines = path.read_text(encoding="utf-8").split("\n")
    at = rng.randrange(1, len(lines))
    lines.insert(at, '{"id": "z", "answers": }')
    if row_error:
        lines.insert(rng.randrange(at), '{"id": "q5", "answers": ["again"]}')
    path.write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)

    def read():
        try:
            reading.read_gold(str(path), Diagnostics())
        except InputError as error:
            return str(error)

    with monkeypatch.context() as parts_only:
        parts_only.setattr(reading, "read_text", None)  # read whole: a TypeError
        in_parts = read()

    monkeypatch.setattr(reading, "jsonl_parts", read_whole)
    assert in_parts == read()
    assert "not valid JSON" in in_parts and f":{at + 1 + row_error}:" in in_parts
