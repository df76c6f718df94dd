"""Memory on NTCIR-16 Data Search QA golds and runs of many short questions
(issue 25): the questions and answers are held by columns
(:class:`~answermatch.tasks.ntcir_dsqa.reading.Questions`,
:class:`~answermatch.tasks.ntcir_dsqa.reading.Answers`), a gold file is read
in parts. Each peak (``tracemalloc``) is checked against twice the input
plus a constant, which an object per question exceeded many times over, and
the gold read in parts against the gold read whole (same questions, same
first error)."""

from __future__ import annotations

import warnings

import pytest

import answermatch
import answermatch.sources as sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.tasks import get_task
from answermatch.tasks.ntcir_dsqa import Question
from conftest import read_whole, traced_peak

_TASK = get_task("ntcir-dsqa")
_ANSWERS = [["13,510,000"], ["2010", "FY2010"], ["the Tokyo Metropolis"], ["-2.1%"]]


def _gold_lines(count: int) -> list[str]:
    return [f"DS2-QA-E-{k:07d}\t" + "\t".join(_ANSWERS[k % 4]) for k in range(count)]


def _read_gold(path, diag):
    return _TASK.read_gold(str(path), diag)


def _outcome(path):
    """The questions of the gold at ``path`` (or its error) and the warnings."""
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            found = list(_read_gold(path, diag).questions)
        except InputError as error:
            found = str(error)
    return found, diag.messages


#: what a reading holds besides the input's columns (a part of 64 KB, batches of ids)
_CONSTANT = 4 << 20


def test_a_gold_of_many_short_questions_peaks_within_twice_the_file(tmp_path, monkeypatch):
    """20,000 lines (0.6 MB): a Question, its strings and tuple per line
    took about 16 times the file."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    path = tmp_path / "gold.tsv"
    path.write_text("\n".join(_gold_lines(20_000)) + "\n", encoding="utf-8")
    size = path.stat().st_size
    peak = traced_peak(_read_gold, path, Diagnostics())
    assert peak < 2 * size + _CONSTANT, (peak, size)
    questions = _read_gold(path, Diagnostics()).questions
    assert len(questions) == 20_000
    assert questions[5] == Question("DS2-QA-E-0000005", "en", ("2010", "FY2010"), 6)
    assert questions.find("DS2-QA-E-0019999") == 19_999


def test_scoring_many_short_questions_peaks_within_twice_the_files(tmp_path, monkeypatch):
    """8,000 questions, every other one answered right: the gold, the run
    (a dict entry and tuple per answer) and a dict per item took about 16
    times the two files."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    answermatch.evaluate("ntcir-dsqa", {"DS2-QA-E-1": "a b"}, {"DS2-QA-E-1": "a"})  # imports
    lines = _gold_lines(8_000)
    gold = tmp_path / "gold.tsv"
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = tmp_path / "run.tsv"
    answers = [
        line.split("\t")[0] + "\t" + (line.split("\t")[1] if k % 2 else "Osaka")
        for k, line in enumerate(lines)
    ]
    run.write_text("<SYSDESC>run</SYSDESC>\n" + "\n".join(answers) + "\n", encoding="utf-8")
    size = gold.stat().st_size + run.stat().st_size
    found = []
    peak = traced_peak(
        lambda: found.append(answermatch.evaluate("ntcir-dsqa", str(gold), str(run)))
    )
    assert peak < 2 * size + _CONSTANT, (peak, size)
    result = found[0]
    assert result.scores["em"] == 50.0 and result.per_language["en"]["count"] == 8_000
    assert result.items[3] == {
        "id": "DS2-QA-E-0000003",
        "lang": "en",
        "score": 1.0,
        "em": 1.0,
        "f1": 1.0,
        "gold": "-2.1%",
        "prediction": "-2.1%",
    }
    assert result.items[2]["prediction"] == "Osaka" and result.items[2]["f1"] == 0.0


#: gold files that each test the first error (or none) against the whole reading;
#: ``{n}`` is a run of ordinary lines
_GOLDS = {
    "ordinary": ("{n}", None),
    "a BOM, CRLF and blank lines": ("\ufeff{n}\r\n\r\n\nDS2-QA-J-9\t東京\r\n", None),
    "an id twice, then a line without its TAB": (
        "{n}\nDS2-QA-E-0000003\tx\nDS2-QA-E-9",
        "'DS2-QA-E-0000003' appears twice (lines 4 and 301)",
    ),
    "a line without its TAB, then an id twice": (
        "{n}\nDS2-QA-E-9\nDS2-QA-E-0000003\tx",
        "found no TAB",
    ),
    "an id twice on a line with an empty answer": (
        "{n}\nDS2-QA-E-0000007\tx\t ",
        "'DS2-QA-E-0000007' appears twice (lines 8 and 301)",
    ),
    "an id twice on a line without a language": (
        "{n}\nDS2-QA-E-0000007\tx\nDS2-QA-X-1\tx\nDS2-QA-X-1\tx",
        "'DS2-QA-E-0000007' appears twice",
    ),
    "an unmarked id": ("{n}\nDS2-QA-X-1\tx", "neither -E- nor -J-"),
    "an id three times": (
        "{n}\nDS2-QA-E-0000011\ta\nDS2-QA-E-0000011\tb",
        "(lines 12 and 301)",
    ),
    "a line without its TAB, then invalid UTF-8": ("{n}\nDS2-QA-E-9\nDS2-QA-E-8\t\udcff", "UTF-8"),
    "a run file": ("<SYSDESC>x</SYSDESC>\n{n}", "this is a run file"),
}


@pytest.mark.parametrize("case", sorted(_GOLDS))
def test_a_gold_read_in_parts_is_the_gold_read_whole(tmp_path, monkeypatch, case):
    """Read in parts, a gold gives the questions and the first error of the
    whole reading (an id given twice is found once the ids are read, or
    before a later line's error)."""
    text, expected = _GOLDS[case]
    path = tmp_path / "gold.tsv"
    data = text.format(n="\n".join(_gold_lines(300))).encode("utf-8", "surrogateescape")
    path.write_bytes(data)
    monkeypatch.setattr(sources, "PART_BYTES", 97)
    parts = _outcome(path)
    monkeypatch.setattr(sources, "file_pieces", read_whole)
    whole = _outcome(path)
    assert parts == whole
    if expected is None:
        assert isinstance(parts[0], list) and len(parts[0]) >= 300
    else:
        assert isinstance(parts[0], str) and expected in parts[0], parts[0]


def test_questions_given_as_objects_are_held_by_columns():
    """An NtcirGold made of Question objects holds them as columns, equal."""
    from answermatch.tasks.ntcir_dsqa import NtcirGold

    given = [
        Question("DS2-QA-J-1", "ja", ("東京都", "東京"), None),
        Question("DS2-QA-E-1", "en", ("a\tb",), 7),
    ]
    gold = NtcirGold(given)
    assert list(gold.questions) == given and gold.questions[-1] == given[-1]
    assert gold.questions.find("DS2-QA-E-1") == 1
    result = answermatch.evaluate("ntcir-dsqa", gold, {"DS2-QA-J-1": "東京", "DS2-QA-E-1": "A B"})
    assert [item["gold"] for item in result.items] == ["東京", "a\tb"]
    assert result.scores == {"em": 100.0, "f1": 100.0}
