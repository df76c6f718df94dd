"""Memory of ``meta-eval`` (issue 25): the judgments were read whole (the
file's bytes, its text and a list of its lines), every row kept as an
object, and a long prediction split into a list of its words twice (its
length group, the lenient judge's set of its words): one 50,000,000-
character prediction peaked at 14 times the file, 160,000 rows at 5. Now
the file is read in parts (:func:`~answermatch.sources.jsonl_parts`),
each row judged as it is read and kept as a byte and its group keys'
places. The reading's sizes are made small here, so that small files show
what large ones do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from answermatch import meta_eval, sources
from answermatch.errors import InputError
from answermatch.matchers import lenient
from answermatch.metaeval import SHORT_ANSWER_WORDS, _length_key, read_judgments
from answermatch.normalization import steps
from conftest import read_whole, traced_peak

ROWS = [
    {"question": "who got the first nobel prize in physics", "answers": ["Wilhelm Conrad Röntgen"],
     "prediction": "Wilhelm Röntgen", "human": True, "system": "fid"},
    {"question": "capital of Peru", "answers": ["Lima"], "prediction": "Cusco", "human": False,
     "system": "gpt4", "lang": "en"},
    {"question": "author of Lalka", "answers": ["Bolesław Prus"], "prediction": "Prus",
     "human": True, "system": "gpt4", "lang": "pl"},
    {"question": "year", "answers": ["1972"], "prediction": "It was 19725, I believe so.",
     "human": False, "system": "fid"},
]  # fmt: skip


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of 64 KB, a line of 256 KB long, a string of 64 K characters long."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "LONG_BYTES", 1 << 18)
    monkeypatch.setattr(sources, "LONG_STRING_CHARS", 1 << 16)


def _write(path: Path, rows: list[dict[str, object]], long: int = 0) -> Path:
    """``rows`` as JSON Lines, the first prediction ``long`` characters
    long when ``long`` (the audit's sentence again and again)."""
    with path.open("w", encoding="utf-8") as out:
        for i, row in enumerate(rows):
            if long and not i:
                sentence = "the first Nobel Prize in Physics went to Röntgen "
                row = {**row, "prediction": (sentence * (long // len(sentence) + 1))[:long]}
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return path


@pytest.mark.usefixtures("small_parts")
@pytest.mark.parametrize("matcher", ["lenient", "exact"])
def test_one_long_prediction_held_about_twice(tmp_path: Path, matcher: str) -> None:
    path = _write(tmp_path / "j.jsonl", ROWS * 3, long=1_500_000)
    meta_eval(ROWS, matcher=matcher, resamples=0)  # modules imported, caches made
    size = path.stat().st_size
    peak = traced_peak(lambda: meta_eval(path, matcher=matcher, resamples=0))
    # read whole and split into its words: 12.6 times the file (2.5 and 1.7 now)
    assert peak < 3 * size, (peak, size)


@pytest.mark.usefixtures("small_parts")
def test_many_rows_not_held(tmp_path: Path) -> None:
    path = _write(tmp_path / "j.jsonl", ROWS * 2000)
    meta_eval(ROWS, matcher="em", resamples=0)
    size = path.stat().st_size
    peak = traced_peak(lambda: meta_eval(path, matcher="em", resamples=0))
    # read whole, a Judgment per row: 5.5 times the file (0.9 now)
    assert peak < size, (peak, size)


def test_read_in_parts_as_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The figures, their intervals and the disagreements shown are those
    of the file read whole; so are the rows."""
    path = _write(tmp_path / "j.jsonl", ROWS * 30, long=300_000)
    options = {"resamples": 50, "seed": 3, "errors": 4}
    parts = meta_eval(path, **options).to_dict()  # type: ignore[arg-type]
    rows = read_judgments(path)
    monkeypatch.setattr(sources, "jsonl_parts", read_whole)
    assert meta_eval(path, **options).to_dict() == parts  # type: ignore[arg-type]
    assert read_judgments(path) == rows
    given_rows = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    assert {**meta_eval(given_rows, **options).to_dict(), "source": str(path)} == parts  # type: ignore[arg-type]


def test_a_line_separator_in_a_string_is_not_a_line(tmp_path: Path) -> None:
    """Lines are split on ``"\\n"`` alone (U+2028 and U+0085, which
    ``json.dumps(..., ensure_ascii=False)`` writes as they are, were taken
    for line ends, and the row refused)."""
    rows = [{**ROWS[0], "prediction": "Wilhelm\u2028Röntgen\x85"}, {"x": 1}]
    path = _write(tmp_path / "j.jsonl", rows)
    with pytest.raises(InputError, match=r"j\.jsonl:2: no \"human\" field"):
        read_judgments(path)
    path = _write(tmp_path / "j.jsonl", rows[:1])
    assert read_judgments(path)[0].prediction == "Wilhelm\u2028Röntgen\x85"


def _bad_json(path: Path) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write("{oops\n")


def _bad_utf8(path: Path) -> None:
    with path.open("ab") as out:
        out.write(b'{"answers": ["a\xff"]}\n')


@pytest.mark.usefixtures("small_parts")
@pytest.mark.parametrize(("spoil", "message"), [
    (_bad_json, r"j\.jsonl:2: no \"human\" field"),
    (_bad_utf8, r"j\.jsonl:\d+: invalid UTF-8"),
])  # fmt: skip
def test_the_first_error_is_the_whole_readings(tmp_path: Path, spoil, message: str) -> None:
    """A row's error, then a line that is not JSON or invalid UTF-8 parts
    later: the error read whole gives (every line is read first; a row's
    error comes before a later line's that is not JSON, invalid UTF-8
    before any)."""
    path = _write(tmp_path / "j.jsonl", [ROWS[0], {"answers": ["a"]}, *ROWS * 2000])
    spoil(path)
    with pytest.raises(InputError, match=message):
        meta_eval(path, resamples=0)


def test_a_rows_error_before_a_matchers(tmp_path: Path) -> None:
    """A matcher's error (an unknown language) is raised once every row is
    read, after a later row's error, as when the rows were read first."""
    rows = [{**ROWS[1], "lang": "xx"}, ROWS[0], {"answers": ["a"], "human": "yes"}]
    path = _write(tmp_path / "j.jsonl", rows)
    with pytest.raises(InputError, match=r"j\.jsonl:3: \"human\" must be true or false"):
        meta_eval(path, resamples=0)
    path = _write(tmp_path / "j.jsonl", rows[:2])
    with pytest.raises(InputError, match=r"j\.jsonl:1: unknown language 'xx'"):
        meta_eval(path, resamples=0)


SPACES = "".join(chr(c) for c in range(0x3000 + 1) if chr(c).isspace())


@given(st.text(st.sampled_from(f"ab.{SPACES}\u200b"), max_size=40))
def test_length_key_counts_the_words_split_counts(text: str) -> None:
    short = len(text.split()) <= SHORT_ANSWER_WORDS
    assert _length_key(text) == (
        f"<={SHORT_ANSWER_WORDS} words" if short else f">{SHORT_ANSWER_WORDS} words"
    )


@given(st.text(st.sampled_from(f"ab{SPACES}"), max_size=60), st.integers(1, 8))
def test_word_set_of_pieces_is_the_texts(text: str, piece: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps, "PIECE_CHARS", piece)
        assert lenient._split_set(text) == set(text.split())
