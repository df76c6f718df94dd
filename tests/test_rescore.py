"""answermatch rescore: lm-evaluation-harness sample logs judged again."""

from __future__ import annotations

import io
import json
import warnings
from functools import partial
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
import answermatch.sources as sources
from answermatch import harness_logs, outputs
from answermatch.cli import main
from answermatch.errors import InputError, UnknownMatcherError
from conftest import read_whole, traced_peak


def sample(doc_id, doc, response, value, *, target=None, metric="exact_match"):
    """A sample as lm-eval's --log_samples writes it (arguments and hashes trimmed)."""
    return {
        "doc_id": doc_id,
        "doc": doc,
        "target": str(target if target is not None else doc.get("answer", "")),
        "arguments": {"gen_args_0": {"arg_0": "Q: ...", "arg_1": {"until": ["\n"]}}},
        "resps": [[response]],
        "filtered_resps": [response],
        "filter": "none",
        "metrics": [metric],
        metric: value,
    }


TRIVIA = [
    sample(0, {"question": "Who wrote Hamlet?",
               "answer": {"aliases": ["William Shakespeare", "Shakespeare"], "value": "x"}},
           "Shakespeare", 1.0),
    sample(1, {"question": "Capital of Japan?", "answer": {"aliases": ["Tokyo"], "value": "x"}},
           "The capital of Japan is Tokyo.", 0.0),
    sample(2, {"question": "Largest planet?", "answer": {"aliases": ["Jupiter"], "value": "x"}},
           "Saturn", 0.0),
    sample(3, {"question": "Who painted the Mona Lisa?",
               "answer": {"aliases": ["Leonardo da Vinci"], "value": "x"}},
           "It was not Leonardo da Vinci.", 1.0),
]  # fmt: skip


def write(tmp_path, name, rows):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


def test_counts_agreement_and_flips(tmp_path):
    path = write(tmp_path, "samples_triviaqa_2026-11-26T10-11-12.345678.jsonl", TRIVIA)
    result = answermatch.rescore(path, errors=10)
    (part,) = result.tasks
    assert (part.task, part.metric, part.n) == ("triviaqa", "exact_match", 4)
    assert (part.harness_correct, part.answermatch_correct) == (2, 2)
    assert part.flips == {"harness only": 1, "answermatch only": 1}
    assert part.figures.agreement == 50.0
    lines = sorted(d.line for d in result.disagreements)
    assert lines == [2, 4]
    negated = next(d for d in result.disagreements if d.line == 4)
    assert negated.rule == "negated" and negated.harness == 1.0 and negated.score == 0.0


def test_em_matcher_agrees_with_an_em_harness(tmp_path):
    path = write(tmp_path, "samples_triviaqa_2026-11-26T10-11-12.jsonl", TRIVIA[:3])
    (part,) = answermatch.rescore(path, matcher="em").tasks
    assert part.flips == {"harness only": 0, "answermatch only": 0}
    assert part.figures.kappa == 1.0


def test_gold_from_target_list_and_languages():
    rows = [
        sample(0, {"question": "日本の首都は?", "lang": "ja"}, "答えは東京です。", 0.0,
               target="['東京', '東京都']"),
        sample(1, {"question": "Stolica Polski?", "language": "pl-PL"}, "Warszawa", 1.0,
               target="Warszawa"),
    ]  # fmt: skip
    result = answermatch.rescore({"mkqa": rows}, errors=5)
    (part,) = result.tasks
    assert set(part.languages) == {"ja", "pl"}
    assert part.languages["ja"].flips == {"harness only": 0, "answermatch only": 1}
    assert result.disagreements[0].answers == ("東京", "東京都")


def test_gold_field_and_metric_options():
    row = sample(0, {"q": "x", "gold": {"names": ["Ada Lovelace"]}}, "Ada Lovelace", 0.25,
                 metric="f1")  # fmt: skip
    row["exact_match"] = 1.0
    (part,) = answermatch.rescore({"t": [row]}, gold_field="doc.gold.names").tasks
    assert part.metric == "f1" and part.harness_correct == 0 and part.answermatch_correct == 1
    (part,) = answermatch.rescore({"t": [row]}, gold_field="doc.gold.names",
                                  metric="exact_match").tasks  # fmt: skip
    assert part.harness_correct == 1


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"doc": {"answers": ["a"]}, "metrics": ["em"], "em": 1.0}, "filtered_resps"),
        ({"doc": {}, "filtered_resps": ["a"], "metrics": ["em"], "em": 1.0}, "no gold answers"),
        ({"doc": {"answers": ["a"]}, "filtered_resps": ["a"], "metrics": ["em"]}, "no value"),
        ([1, 2], "expected a sample object"),
    ],
)
def test_bad_samples_name_file_and_line(tmp_path, row, message):
    path = write(tmp_path, "samples_x_2026-01-01T00-00-00.jsonl", [TRIVIA[0], row])
    with pytest.raises(InputError, match=message) as caught:
        answermatch.rescore(path)
    assert caught.value.line == 2 and str(path) in str(caught.value)


def test_log_without_a_metrics_list_says_to_name_the_metric(tmp_path):
    # lm-eval before 0.4.3 writes the metric's value but no "metrics" list
    row = {"doc": {"answers": ["Paris"]}, "filtered_resps": ["Paris"], "exact_match": 1.0}
    path = write(tmp_path, "samples_x_2026-01-01T00-00-00.jsonl", [row])
    with pytest.raises(InputError, match=r"--metric .*this sample has exact_match"):
        answermatch.rescore(path)
    (part,) = answermatch.rescore(path, metric="exact_match").tasks
    assert part.harness_correct == 1


def test_unknown_matcher_is_one_error():
    with pytest.raises(UnknownMatcherError):
        answermatch.rescore({"t": TRIVIA}, matcher="nope")


def test_cli_text_and_json(tmp_path, capsys):
    path = write(tmp_path, "samples_triviaqa_2026-11-26T10-11-12.jsonl", TRIVIA)
    assert main(["rescore", str(path)]) == 0
    text = capsys.readouterr().out
    assert "triviaqa" in text and "It was not Leonardo da Vinci." in text
    assert main(["rescore", str(path), "--json", "--errors", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tasks"][0]["n"] == 4 and data["disagreements"] == []
    assert main(["rescore", str(tmp_path / "missing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err


# --- memory (issue 25): files read in parts, each sample let go once judged ------------------


def _outcome(source, **options):
    """What ``rescore`` gives (its dict, or its error's message) and its warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            found = answermatch.rescore(source, **options).to_dict()
        except InputError as error:
            found = str(error)
    return found, [str(w.message) for w in caught]


GOOD = json.dumps(TRIVIA[0])
REPEATED = GOOD[:-1] + ', "doc_id": 7}'  # a key given twice
NO_RESPONSE = json.dumps({"doc": {"answers": ["a"]}, "metrics": ["em"], "em": 1.0})
LONG = json.dumps(sample(0, {"answers": ["Lima"]}, 'Lima é a "capital".\n東京 ' * 400, 0.0))
LATER = f"{GOOD}\n" * 5  # lines enough that what follows is in a later part
SHAPES = {
    "rows across parts": "".join(json.dumps(r) + "\n" for r in TRIVIA * 30),
    "blank lines, spaces, no last newline": f"\n{GOOD}\r\n  \n {json.dumps(TRIVIA[1])} \n\n{GOOD}",
    "repeated keys": f"{REPEATED}\n{LATER}{REPEATED}\n",
    "a long line among short ones": f"{GOOD}\n{LONG}\n{REPEATED}\n{LONG}\n",
    "a sample's error, then a line that is not JSON": f"{NO_RESPONSE}\n{LATER}{{x\n",
    "a sample's error, then invalid UTF-8": f"{NO_RESPONSE}\n{LATER}\udcff\n",
    "a sample's error after repeated keys": f"{REPEATED}\n{NO_RESPONSE}\n{LATER}{REPEATED}\n",
    "repeated keys, then a line that is not JSON": f"{REPEATED}\n{LATER}[1,\n",
    "repeated keys, then invalid UTF-8": f"{REPEATED}\n{LATER}\udcff\n",
    "a byte order mark": f"\ufeff{GOOD}\n",
    "a long line that is not JSON": f'{GOOD}\n{{"resps": "{"x" * 3000}", }}\n',
}


@pytest.mark.parametrize("shape", SHAPES)
def test_parts_give_what_the_whole_reading_gives(tmp_path, monkeypatch, shape):
    path = tmp_path / "samples_t_2026-01-01T00-00-00.jsonl"
    path.write_bytes(SHAPES[shape].encode("utf-8", "surrogateescape"))
    other = write(tmp_path, "samples_t_2026-01-02T00-00-00.jsonl", TRIVIA[::-1])
    monkeypatch.setattr(sources, "PART_BYTES", 997)  # many parts; long lines and strings
    monkeypatch.setattr(sources, "LONG_BYTES", 4 * 997)
    monkeypatch.setattr(sources, "LONG_STRING_CHARS", 1000)
    options = {"errors": 7, "matcher": "em"}
    parts = [_outcome(source, **options) for source in (path, [other, path, other])]
    with monkeypatch.context() as whole:
        whole.setattr(harness_logs, "jsonl_parts", read_whole)
        assert parts == [_outcome(source, **options) for source in (path, [other, path, other])]


def test_many_samples_are_not_held(tmp_path, monkeypatch):
    rows = [sample(i, {"question": "Capital of Peru?", "answers": ["Lima"]},
                   "Lima" if i % 2 else "Cusco", float(i % 2)) for i in range(2000)]  # fmt: skip
    path = write(tmp_path, "samples_t_2026-01-01T00-00-00.jsonl", rows)
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 12)
    answermatch.rescore(path, matcher="exact")  # (its modules imported before the count)
    size = path.stat().st_size
    peak = traced_peak(partial(answermatch.rescore, path, matcher="exact"))
    assert peak < size / 2, (peak, size)  # read whole, the samples' objects took 12 times the file


def test_one_long_response_is_held_once(tmp_path, monkeypatch):
    # in "resps" and "filtered_resps": read whole, 4 times the file
    response = "The capital of Peru is Lima. " * 30_000
    rows = [sample(0, {"question": "Capital of Peru?", "answers": ["Lima"]}, response, 0.0)]
    path = write(tmp_path, "samples_t_2026-01-01T00-00-00.jsonl", rows + TRIVIA)
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)  # a long line, its long strings
    monkeypatch.setattr(sources, "LONG_BYTES", 1 << 18)
    monkeypatch.setattr(sources, "LONG_STRING_CHARS", 1 << 16)
    answermatch.rescore(path, matcher="exact")
    size = path.stat().st_size
    peak = traced_peak(partial(answermatch.rescore, path, matcher="exact"))
    assert peak < 1.8 * size, (peak, size)


def test_a_file_given_up_after_some_parts_is_counted_once(tmp_path, monkeypatch):
    path = write(tmp_path, "samples_t_2026-01-01T00-00-00.jsonl", TRIVIA)
    other = write(tmp_path, "samples_t_2026-01-02T00-00-00.jsonl", TRIVIA[::-1])
    expected = answermatch.rescore([other, path], errors=3).to_dict()

    def giving_up(source, **options):  # its parts, then NotFlat: read whole, from the start
        yield from sources.jsonl_parts(source, **options)
        raise sources.NotFlat(str(source))

    monkeypatch.setattr(harness_logs, "jsonl_parts", giving_up)
    assert answermatch.rescore([other, path], errors=3).to_dict() == expected


#: characters whose repr is escaped, or decides the quote
_REPR_CHARS = ["'", '"', "\\", "\n", "a", "é", "\x00", "\ud800", "😀", "\u2028"]


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(st.sampled_from(_REPR_CHARS)),
    size=st.integers(1, 5),
)
def test_a_long_predictions_repr_is_written_in_pieces_as_whole(text, size):
    """The text output's ``repr`` of a prediction, in pieces of a few
    characters, is the whole ``repr`` (the quote ``repr`` picks for the
    whole text, each character escaped as in it)."""
    with mock.patch.object(harness_logs, "REPR_PIECE", size):
        assert "".join(harness_logs._repr_pieces(text)) == repr(text)


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(st.sampled_from(_REPR_CHARS)),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(st.sampled_from(_REPR_CHARS), max_size=3), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(value=_JSON_VALUES, size=st.integers(1, 5))
def test_json_chunks_are_json_text(value, size):
    """``--json``'s pieces, long strings among them cut every few characters,
    are :func:`json_text`'s text (NaN as null, every non-ASCII character
    escaped where a lone surrogate is)."""
    with mock.patch.object(outputs, "LONG_CHARS", size):
        assert "".join(outputs.json_chunks(value, indent=1)) == outputs.json_text(value, indent=1)


class _Writes(io.StringIO):
    """A stdout that keeps each write."""

    def __init__(self):
        super().__init__()
        self.pieces = []

    def write(self, text):
        self.pieces.append(text)
        return super().write(text)


@pytest.mark.parametrize("response", ['Lima é a "capital".\n東京 ', "Lima \ud800 ", "Lima, Peru. "])
def test_json_of_a_long_response_is_written_in_pieces(tmp_path, monkeypatch, response):
    """``rescore --json`` writes a long disagreeing prediction a piece at a
    time (it was one JSON text, the prediction escaped in it, written at
    once), the same text."""
    long = response * (400_000 // len(response))
    rows = [sample(0, {"answers": ["Cusco"]}, long, 1.0), *TRIVIA]
    path = tmp_path / "samples_t_2026-01-01T00-00-00.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")  # (\ud800 escaped)
    expected = outputs.json_text(answermatch.rescore(path, errors=10).to_dict(), indent=1) + "\n"
    assert long[:100] in json.loads(expected)["disagreements"][0]["prediction"]
    out = _Writes()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["rescore", str(path), "--json"]) == 0
    assert out.getvalue() == expected
    assert max(map(len, out.pieces)) <= 2 * outputs.LONG_CHARS < len(long)
