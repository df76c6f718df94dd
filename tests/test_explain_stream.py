"""``answermatch explain`` writes each explanation as it is made: the same
bytes as the whole list's text (``json_text`` of the dicts, or the texts
joined by a blank line), one item held at a time (issue 25)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.cli import main
from answermatch.commands.explain import write
from answermatch.explain import explain, explanations
from answermatch.explanation import Explanation, TextView, Variant, unanswered
from answermatch.outputs import Spool, ascii_escaped, json_array_chunks, json_text
from answermatch.tasks import get_task
from conftest import traced_peak
from examples import EXAMPLE_FILES, EXAMPLE_OPTIONS


def whole_text(found: list[Explanation], as_json: bool, none: str = "") -> str:
    """What ``explain`` printed before it wrote item by item: the whole
    list's text, built at once."""
    if as_json:
        return json_text([e.to_dict() for e in found], indent=1) + "\n"
    return ("\n\n".join(e.to_text() for e in found) or none) + "\n"


def cli_out(capsys, argv: list[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 0
    return capsys.readouterr().out


def option_args(options: dict) -> list[str]:
    return [arg for key, value in options.items() for arg in ("-o", f"{key}={value}")]


SELECTIONS = [{}, {"below": 1.0, "limit": 2}, {"below": 0.0}, {"limit": 0}]


@pytest.mark.parametrize("task", sorted(EXAMPLE_FILES))
def test_every_task_profile_and_selection_prints_the_whole_lists_text(capsys, task):
    gold, pred = (str(path) for path in EXAMPLE_FILES[task])
    options = EXAMPLE_OPTIONS.get(task, {})
    base = ["explain", task, "--gold", gold, "--pred", pred, "-q", *option_args(options)]
    for profile in get_task(task).profiles:
        for selection in SELECTIONS:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
                found = explain(task, gold, pred, profile=profile, **selection, **options)
            args = [*base, "--profile", profile]
            for key, value in selection.items():
                args += [f"--{key}", f"{value:g}"]
            below = selection.get("below")
            none = "" if below is None else f"no item scores below {below:g}"
            for as_json in (True, False):
                out = cli_out(capsys, [*args, *(["--json"] if as_json else [])])
                assert out == whole_text(found, as_json, none), (task, profile, selection, as_json)
    ids = [e.id for e in found][:2]
    if ids:  # --id: the items found first, an unknown id refused before anything is printed
        args = [*base, *(arg for i in ids for arg in ("--id", str(i)))]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
            found = explain(task, gold, pred, ids=ids, **options)
        assert cli_out(capsys, [*args, "--json"]) == whole_text(found, True)
        capsys.readouterr()
        assert main([*args, "--id", "no such id"]) == 2
        assert capsys.readouterr().out == ""


# texts of every kind JSON and the terminal care about: quotes, backslashes, line breaks,
# control characters, DEL, non-ASCII, astral characters and lone surrogates
CHARACTERS = 'aZ "\\\n\t\x01\x7fé東京\u202e𝔸😀\ud800\udfff.,th'
TEXT = st.text(alphabet=st.sampled_from(list(CHARACTERS)), max_size=12)


@settings(max_examples=40, deadline=None)
@given(
    predictions=st.lists(st.one_of(TEXT, st.none()), min_size=1, max_size=6),
    task=st.sampled_from(["squad", "xor-engspan", "open-qa", "korquad"]),
    as_json=st.booleans(),
)
def test_generated_predictions_print_the_whole_lists_text(predictions, task, as_json):
    """Predictions of random texts (lone surrogates too: the whole JSON
    text is then ASCII, as ``json_text`` makes it) against each task's
    example gold."""
    gold, pred = (str(path) for path in EXAMPLE_FILES[task])
    with open(pred, encoding="utf-8") as f:
        ids = list(json.load(f))
    given_ = {i: text for i, text in zip(ids, predictions, strict=False) if text is not None}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
        try:
            found = explain(task, gold, given_)
        except answermatch.AnswermatchError:  # a text the task refuses: nothing to compare
            return
        out = io.StringIO()
        write(explanations(task, gold, given_), out, as_json=as_json)
    assert out.getvalue() == whole_text(found, as_json)


def made_up(k: int, text: str, score: float) -> Explanation:
    view = TextView(text, text.lower(), tuple(text.split()), ("lower",))
    variant = Variant(view, {"f1": score, "nan": float("nan")}, "exact", score == 1.0, {"k": [k]})
    return Explanation(
        "toy", "official", k, "en", view, (variant,), "rule", {"score": score}, "v", {"x": None}
    )


@settings(max_examples=60, deadline=None)
@given(
    texts=st.lists(TEXT, max_size=8),
    scores=st.lists(st.sampled_from([0.0, 0.5, 1.0, float("inf"), float("nan")]), max_size=8),
)
def test_made_up_explanations_print_the_whole_lists_text(texts, scores):
    """NaN and infinite figures (null in JSON), surrogates, any mix."""
    found = [made_up(k, t, s) for k, (t, s) in enumerate(zip(texts, scores, strict=False))]
    found.append(unanswered("toy", "official", "u", None, texts, {"score": float("nan")}))
    for as_json in (True, False):
        out = io.StringIO()
        write(iter(found), out, as_json=as_json, none="none")
        assert out.getvalue() == whole_text(found, as_json, "none")


@settings(max_examples=60, deadline=None)
@given(pieces=st.lists(TEXT, max_size=30), batch=st.integers(1, 40), block=st.integers(1, 9))
def test_spool_gives_back_its_text_across_batches_and_blocks(pieces, batch, block):
    """Pieces gathered and encoded in batches, read back in blocks that cut
    characters (astral ones, surrogates) anywhere."""
    text = "".join(pieces)
    with Spool() as spool:
        spool.batch = batch
        spool.block = block
        spool.writelines(pieces)
        surrogates = spool.surrogates
        plain, escaped = io.StringIO(), io.StringIO()
        spool.copy_to(plain)
        spool.copy_to(escaped, ascii=True)
    assert surrogates == any("\ud800" <= c <= "\udfff" for c in text)
    assert plain.getvalue() == text
    assert escaped.getvalue() == ascii_escaped(text)


FLOAT = st.floats(allow_nan=False, allow_infinity=False)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | FLOAT | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)
@given(values=st.lists(JSON, max_size=5))
def test_json_array_chunks_and_ascii_escaped_are_jsons_text(values):
    text = "".join(json_array_chunks(iter(values), indent=1))
    assert text == json.dumps(values, ensure_ascii=False, indent=1)
    assert ascii_escaped(text) == json.dumps(values, indent=1)


# --- memory ---------------------------------------------------------------------------


def squad_files(tmp_path, questions: int) -> tuple[str, str, int]:
    """A generated SQuAD gold of ``questions`` questions with answers of a
    few words, and predictions of a few words for each; their size."""
    rng = random.Random(25)
    words = ["the", "of", "Paris", "1914", "Tolstoy", "Andes", "東京", "Kraków", "tower"]
    qas = [
        {
            "id": f"q{k}",
            "question": "?",
            "answers": [{"text": " ".join(rng.choices(words, k=3)), "answer_start": 0}],
        }
        for k in range(questions)
    ]
    paragraphs = [{"context": "c", "qas": qas}]
    data = {"version": "1.1", "data": [{"title": "t", "paragraphs": paragraphs}]}
    gold, pred = tmp_path / "gold.json", tmp_path / "pred.json"
    gold.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    answers = {f"q{k}": " ".join(rng.choices(words, k=6)) for k in range(questions)}
    pred.write_text(json.dumps(answers, ensure_ascii=False), encoding="utf-8")
    return str(gold), str(pred), os.path.getsize(gold) + os.path.getsize(pred)


@pytest.mark.parametrize("as_json", [True, False])
def test_explain_holds_one_item_at_a_time(tmp_path, as_json):
    """The peak of ``explain`` of every item is about that of ``evaluate``
    (a constant above it: the batches of text written), where the whole
    list and its text took several times the output."""
    gold, pred, _ = squad_files(tmp_path, 600)
    argv = ["explain", "squad", "--gold", gold, "--pred", pred, "-q"] + ["--json"] * as_json
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(argv) == 0
    output = len(printed.getvalue().encode("utf-8"))

    def run() -> None:
        with open(os.devnull, "w", encoding="utf-8") as null, contextlib.redirect_stdout(null):
            assert main(argv) == 0

    def whole() -> None:
        text = whole_text(explain("squad", gold, pred), as_json)
        assert len(text.encode("utf-8")) == output

    scored = traced_peak(answermatch.evaluate, "squad", gold, pred)
    streamed, held = traced_peak(run), traced_peak(whole)
    assert output > 300_000  # the explanations are much larger than the inputs
    assert streamed < scored + 400_000, (streamed, scored, output)
    assert held > scored + output, (held, scored, output)  # for comparison: the whole text
