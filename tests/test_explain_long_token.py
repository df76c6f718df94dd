"""``explain`` of an answer whose one token is very long (a run of ASCII
letters without a space, issue 25): the token, longer than
``LONG_TOKEN``, is counted by its key and shown from the pieces the text is
cut in (``CountedTokens.fragments``, ``explanation.token_fragments``),
never made whole. The text and JSON written are those of the explanation
made whole (``Explanation.whole``), and explaining and writing it take a
small part of the answer's size above what scoring it takes."""

from __future__ import annotations

import io
import json
import os
import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import answermatch
from answermatch.commands.explain import write
from answermatch.explain import explain
from answermatch.explanation import token_fragments
from answermatch.matchers.answers import LONG_TOKEN, CountedTokens
from answermatch.tasks.xor import explain as xor_explain
from conftest import traced_peak
from examples import EXAMPLE_FILES, EXAMPLES

TASKS = [
    ("squad", {}, "official"),
    ("squad", {}, "fair"),
    ("mlqa", {"lang": "de"}, "official"),
    ("xor-engspan", {}, "official"),
    ("xor-full", {}, "official"),
    ("mkqa", {"lang": "en"}, "official"),
    ("mkqa", {"lang": "en"}, "fair"),
    ("ntcir-dsqa", {}, "official"),
]

RUN = "wilhelmroentgen"


def _texts(chars: int) -> list[str]:
    """Long answers: one run of letters; runs with words, upper case,
    articles, punctuation and quotes of both kinds around and between;
    two equal long runs; a run as long as ``LONG_TOKEN`` and one longer."""
    run = (RUN * (chars // len(RUN) + 1))[:chars]
    return [
        run,
        f"The {run.upper()} cat, the hat 'x' \"y\" {run[: chars // 2]}!",
        f"an {run} {run} a",
        "z" * LONG_TOKEN + " " + "Zq" * (LONG_TOKEN // 2 + 3) + ".",
        # Japanese, Chinese, Thai without spaces (XOR deletes 人 年 歳 where they stand)
        "東京タワーは1958年に完成した。人口" * (chars // 18) + " 人人 x 人" + "ab" * 40,
        ("x 人人" * 9 + "กรุงเทพมหานคร" * 9) * (chars // 160) + " the",
    ]


def _inputs(task: str, options: dict, text: str, tmp_path: Path) -> tuple[str, str]:
    if task == "mkqa":
        rows = (EXAMPLES / "mkqa" / "en.jsonl").read_text("utf-8").splitlines()
        first = json.loads(rows[0])
        first["prediction"] = text
        rows[0] = json.dumps(first)
        path = tmp_path / "en.jsonl"
        path.write_text("\n".join(rows) + "\n", "utf-8")
        return str(EXAMPLES / "mkqa" / "gold.jsonl"), str(path)
    gold, pred = EXAMPLE_FILES[task]
    if task == "ntcir-dsqa":  # the first English question's answer
        lines = pred.read_text("utf-8").split("\n")
        at = next(k for k, line in enumerate(lines) if line.startswith("DS2-QA-E-0001\t"))
        lines[at] = f"DS2-QA-E-0001\t{text}"
        path = tmp_path / "run.tsv"
        path.write_text("\n".join(lines), "utf-8")
        return str(gold), str(path)
    given = json.loads(pred.read_text("utf-8"))
    given[next(iter(given))] = text
    path = tmp_path / "pred.json"
    path.write_text(json.dumps(given), "utf-8")
    return str(gold), str(path)


def _explained(task: str, options: dict, profile: str, gold: str, pred: str) -> list:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
        return explain(task, gold, pred, profile=profile, limit=1, **options)


@pytest.mark.parametrize(("task", "options", "profile"), TASKS)
def test_a_long_token_is_written_from_its_pieces_as_made_whole(task, options, profile, tmp_path):
    for text in _texts(3 * LONG_TOKEN + 7):
        gold, pred = _inputs(task, options, text, tmp_path)
        [found] = _explained(task, options, profile, gold, pred)
        tokens = found.prediction.tokens
        if type(tokens) is CountedTokens and tokens.long:
            assert [t for t in tokens if len(t) > LONG_TOKEN], "a long token is made again"
        whole = found.whole()
        for as_json in (False, True):
            out, expected = io.StringIO(), io.StringIO()
            write([found], out, as_json=as_json)
            write([whole], expected, as_json=as_json)
            assert out.getvalue() == expected.getvalue(), (task, as_json, text[:20])
        # the fragments glue to the tokens
        glued: list[str] = []
        for continues, part in token_fragments(tokens):
            if continues:
                glued[-1] += part[0]
                part = part[1:]
            glued += part
        assert glued == list(tokens)


@pytest.mark.parametrize(
    ("task", "options", "profile", "unit"),
    [(*case, RUN) for case in TASKS]
    + [
        ("squad", {}, "official", "東京タワーは1958年に完成した。"),
        ("mlqa", {"lang": "de"}, "official", "กรุงเทพมหานคร"),
        ("xor-engspan", {}, "official", "人口は約1351万人で、日本の首都です。"),
        ("xor-full", {}, "official", "กรุงเทพมหานคร"),
    ],
)
def test_explaining_a_long_run_of_letters_never_makes_its_token(
    task, options, profile, unit, tmp_path
):
    """1,000,000 letters in one token (or as many characters of Japanese,
    Chinese or Thai without a space, where the rules allow cutting between
    two): explaining the answer takes less than a third of its characters
    in bytes above what scoring it takes (the old explanation made the
    token, a byte a letter, two a CJK or Thai character, and held it; XOR's
    two lower-cased copies besides), and writing it (text, then JSON) a
    small constant."""
    chars = 1_000_000
    gold, pred = _inputs(task, options, (unit * (chars // len(unit) + 1))[:chars], tmp_path)
    held: list = []

    def score_it() -> None:
        answermatch.evaluate(task, gold, pred, profile=profile, **options)

    def explain_it() -> None:
        held.extend(_explained(task, options, profile, gold, pred))

    scored = traced_peak(score_it, quiet=True)
    explained = traced_peak(explain_it, quiet=True)

    def write_it() -> None:
        with open(os.devnull, "w", encoding="utf-8") as null:
            write(held, null, as_json=False)
            write(held, null, as_json=True)

    written = traced_peak(write_it)
    assert explained - scored < chars // 3, (explained - scored) / chars
    assert written < chars // 4 + (2 << 20), written / chars  # (64K characters spooled)


@given(
    tokens=st.lists(st.text("ab'", min_size=1, max_size=4), max_size=6),
    answer=st.text("ab' ", max_size=6),
)
def test_an_answer_is_found_in_the_window_as_in_its_joined_text(tokens, answer):
    """XOR-Retrieve's explanation finds an answer in the window of tokens
    without joining them: the place and token of ``text.find`` and the
    budgets whose window holds it, as in the joined text."""
    text = " ".join(tokens)
    at = text.find(answer)
    expected = (at, text.count(" ", 0, at) + 1 if at >= 0 else None)
    assert xor_explain._first_in_window(tokens, answer) == expected
    ends = xor_explain._window_ends(tokens)
    for n in range(len(tokens) + 1):
        assert (at >= 0 and at + len(answer) <= ends[n]) == (answer in " ".join(tokens[:n]))


def test_explaining_a_long_retrieved_passage_never_copies_it(tmp_path):
    """A passage of one run of 1,000,000 letters, and one that holds the
    answer: explaining it (reading the file included) takes less than 3
    bytes a letter (4.2 before: the window was joined into one string,
    and again for each budget)."""
    gold, pred = EXAMPLE_FILES["xor-retrieve"]
    first = json.loads(gold.read_text("utf-8").splitlines()[0])
    items = json.loads(pred.read_text("utf-8"))
    item = next(i for i in items if i["id"] == first["id"])
    chars = 1_000_000
    item["ctxs"] = [(RUN * (chars // len(RUN) + 1))[:chars], f"x {first['answers'][0]} y"]
    path = tmp_path / "pred.json"
    path.write_text(json.dumps(items), "utf-8")
    explain("xor-retrieve", str(gold), str(pred))  # (its imports made first)
    held: list = []
    explained = traced_peak(
        lambda: held.extend(explain("xor-retrieve", str(gold), str(path), ids=[first["id"]])),
        quiet=True,
    )
    assert held[0].variants[0].details == {"token": 3, "passage": 2}  # after the run and "x"
    assert explained < 3 * chars, explained / chars
