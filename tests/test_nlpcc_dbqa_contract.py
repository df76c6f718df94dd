"""nlpcc-dbqa on the task contract: explain, check-gold, aggregation and
compare, the fair profile, signatures, loaded shapes and hostile input (issue 15)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.cli import main
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.significance import aggregation_of, compare
from answermatch.tasks import get_task
from answermatch.tasks.nlpcc.dbqa import NlpccDbqa

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples" / "nlpcc-dbqa"
DOCS_EXAMPLES = REPO / "docs" / "examples" / "nlpcc-dbqa"
GOLD, PRED = EXAMPLES / "gold.txt", EXAMPLES / "pred.txt"


def score(gold, pred, profile="official", **options):
    return answermatch.evaluate("nlpcc-dbqa", gold, pred, profile, **options)


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def test_registered_class_and_its_description():
    task = get_task("nlpcc-dbqa")
    assert isinstance(task, NlpccDbqa)
    shapes = task.describe()["shapes"]
    assert '"label": 0 or 1' in shapes["gold"] and "iterable of numbers" in shapes["predictions"]


# --- explain gives the numbers of evaluate ---------------------------------------------


@pytest.mark.parametrize(
    ("profile", "options"),
    [
        ("official", {}),
        ("fair", {}),
        ("official", {"grouping": "text"}),
        ("official", {"skip_no_positive": True, "ties": "optimistic"}),
    ],
)
def test_explain_agrees_with_evaluate(profile, options):
    items = score(GOLD, PRED, profile, **options).items
    explanations = explain("nlpcc-dbqa", str(GOLD), str(PRED), profile=profile, **options)
    assert [e.id for e in explanations] == [i["id"] for i in items]
    for e, item in zip(explanations, items, strict=True):
        assert e.scores == {"score": item["score"], "ap": item["ap"]}
        assert e.details["rank"] == item["rank"]
        assert len(e.variants) == item["n_sentences"]
        assert sum(v.matched for v in e.variants) == item["n_correct"]


def test_explain_ranking_and_ties():
    gold = [("q1", "s1", 0), ("q1", "s2", 1), ("q1", "s3", 0)]
    [e] = explain("nlpcc-dbqa", gold, [0.5, 0.5, 0.9])
    # s3 first (0.9), then s1 and s2 in file order (ties "input"): correct at rank 3
    assert [v.text.raw for v in e.variants] == ["s3", "s1", "s2"]
    assert [v.details["line"] for v in e.variants] == [3, 1, 2]
    assert e.details["rank"] == 3 and e.details["ties"] == "input"
    assert e.score == pytest.approx(1 / 3)
    [fair] = explain("nlpcc-dbqa", gold, [0.5, 0.5, 0.9], profile="fair")
    assert [v.text.raw for v in fair.variants] == ["s3", "s1", "s2"]  # s1 is incorrect already


def test_explain_text_grouping_merges_lines_of_one_question(tmp_path):
    gold = write(tmp_path / "t.txt", "A\ta1\t0\nB\tb1\t1\nA\ta2\t1\n")
    pred = write(tmp_path / "s.txt", "0.1\n0.5\n0.9\n")
    [a, b] = explain("nlpcc-dbqa", str(gold), str(pred), grouping="text")
    assert [(v.text.raw, v.details["line"]) for v in a.variants] == [("a2", 3), ("a1", 1)]
    assert a.score == 1.0 and b.id == 2


def test_explain_errors_name_the_file(tmp_path):
    gold = write(tmp_path / "t.txt", "q\ts\t1\nq\tt\t0\n")
    short = write(tmp_path / "s.txt", "0.5\n")
    with pytest.raises(InputError, match=r"s\.txt: the score file has 1 line but the test file"):
        explain("nlpcc-dbqa", str(gold), str(short))


# --- check-gold reads with the scorer's reader -------------------------------------------


def findings(tmp_path: Path, text: str) -> list[tuple[str, str, int | None]]:
    path = write(tmp_path / "test.txt", text)
    return [(f.severity, f.code, f.line) for f in check_gold("nlpcc-dbqa", str(path))]


def test_check_gold_clean(tmp_path):
    assert findings(tmp_path, "q1\ts1\t0\nq1\ts2\t1\nq2\ts3\t1\n") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("q1\ts1\t0\nq1\ts2\t0\n", ("warning", "no-positive", 1)),
        ("q1\ts1\t1\nq2\ts2\t1\nq1\ts3\t0\n", ("warning", "split-question", 3)),
        ("q1\t\t1\n", ("error", "empty-variant", 1)),
        ("q1\ts\t1\nq1\ts\t0\n", ("info", "duplicate-variant", 1)),
        ("q1\ts1\tO\n", ("error", "unreadable", 1)),  # the label O (score refuses it)
        ("q1\ts1\n", ("error", "unreadable", 1)),  # two columns
        ("", ("error", "unreadable", None)),  # a 0-byte gold, as score says
    ],
)
def test_each_check_fires(tmp_path, text, expected):
    assert expected in findings(tmp_path, text)


def test_check_gold_and_score_agree_on_a_bad_label(tmp_path):
    path = write(tmp_path / "test.txt", "q1\ts1\tx\nq1\ts2\t0\n")
    with pytest.raises(InputError, match=r"test\.txt:1: expected the label 0 or 1, got 'x'"):
        score(path, [0.1, 0.2])
    [finding] = check_gold("nlpcc-dbqa", str(path))
    assert (finding.line, finding.code) == (1, "unreadable")
    assert finding.message == "expected the label 0 or 1, got 'x'"


def test_cli_check_gold_json_shape(tmp_path, capsys):
    path = str(write(tmp_path / "test.txt", "q1\ts1\t0\nq1\ts2\t0\nq2\t\t1\n"))
    assert main(["check-gold", "nlpcc-dbqa", "--gold", path, "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["task"] == "nlpcc-dbqa" and payload["file"] == path
    assert (payload["errors"], payload["warnings"], payload["info"]) == (1, 1, 0)
    assert payload["counts"] == {"empty-variant": 1, "no-positive": 1}


@pytest.mark.parametrize("label", [" 0", "1 ", " 1 ", "0\u3000"])
def test_labels_with_spaces_one_rule_for_score_and_check_gold(tmp_path, label):
    path = write(tmp_path / "test.txt", f"q\ta\t{label}\nq\tb\t1\n")
    with pytest.warns(AnswermatchWarning, match=r"test\.txt:1: 1 label\(s\) with spaces around"):
        result = score(path, [0.9, 0.1])
    # the label is read as written without the spaces
    assert result.items[0]["n_correct"] == 1 + (label.strip() == "1")
    with pytest.raises(InputError, match=r"with spaces around.*--strict"):
        score(path, [0.9, 0.1], strict=True)
    found = check_gold("nlpcc-dbqa", str(path))
    assert [(f.severity, f.code, f.line) for f in found] == [("warning", "reader-warning", 1)]


# --- loaded shapes and hostile input -----------------------------------------------------


def test_rows_as_mappings_are_accepted():
    rows = [
        {"question": "q", "sentence": "s1", "label": 1},
        {"question": "q", "sentence": "s2", "label": "0"},
    ]
    result = score(rows, [0.2, 0.9])
    assert result.items[0]["rank"] == 2
    assert score([("q", "s1", 1), ("q", "s2", 0)], [0.2, 0.9]).scores == result.scores
    # the case of issue 11: one mapping row
    only = score([{"question": "q", "sentence": "s", "label": 1}], [0.9])
    assert only.scores == {"mrr": 100.0, "map": 100.0}


@pytest.mark.parametrize(
    ("gold", "message"),
    [
        ([{"question": "q", "sentence": "s"}], r"<object>:1: .*mapping without label"),
        ([("q", "s", 1), ("q", "s")], r"<object>:2: expected a \(question, sentence, label\)"),
        ([("q", "s", 1), "q\ts\t1"], r"<object>:2: expected a \(question, sentence, label\)"),
        ([(1, "s", 1)], r"<object>:1: .*with the question and the sentence as strings"),
        ({"q": ("s", 1)}, r"expected a path or an iterable of rows .*got dict"),
        (5, r"expected a path or an iterable of rows .*got int"),
    ],
)
def test_wrong_gold_shapes_name_the_item_and_the_shape(gold, message):
    with pytest.raises(InputError, match=message):
        score(gold, [0.5, 0.5])


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        ([10**400] * 9, r"<object>:1: expected a finite number .*an integer of 401 digits"),
        ([0.5] * 8 + [10**5000], r"<object>:9: .*an integer of 5001 digits"),
        ([0.5] * 8 + [float("nan")], r"<object>:9: expected a finite number"),
        ([0.5] * 8 + [None], r"<object>:9: expected a finite number"),
        ({"a": 1}, r"expected a path or an iterable of scores .*got dict"),
        (b"0.5", r"expected a path or an iterable of scores .*got bytes"),
    ],
)
def test_bad_loaded_scores_are_input_errors(scores, message):
    rows = [("q", f"s{k}", k % 2) for k in range(9)]
    with pytest.raises(InputError, match=message):
        score(rows, scores)


def test_huge_number_in_a_score_file(tmp_path):
    gold = write(tmp_path / "t.txt", "q\ta\t1\nq\tb\t0\n")
    pred = write(tmp_path / "s.txt", "0.5\n" + "9" * 5000 + "\n")  # float() gives inf
    with pytest.raises(InputError, match=r"s\.txt:2: expected a finite number .*'999"):
        score(gold, pred)


def test_bom_in_the_score_file_warns_when_scoring(tmp_path):
    gold = write(tmp_path / "t.txt", "q\ta\t1\nq\tb\t0\n")
    pred = write(tmp_path / "s.txt", "\ufeff0.5\n0.1\n")
    with pytest.warns(AnswermatchWarning, match=r"s\.txt:1: byte-order mark"):
        assert score(gold, pred).scores["mrr"] == 100.0


def test_missing_score_file_is_reported_before_scoring(tmp_path):
    gold = write(tmp_path / "t.txt", "q\ta\t1\n")
    with pytest.raises(InputError, match=r"nope\.txt: no such file"):
        get_task("nlpcc-dbqa").read(str(gold), str(tmp_path / "nope.txt"), Diagnostics())


# --- one aggregation rule ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "options"),
    [("official", {}), ("fair", {}), ("official", {"skip_no_positive": True})],
)
def test_aggregation_reproduces_the_scores(profile, options):
    result = score(GOLD, PRED, profile, **options)
    assert aggregation_of(result).summarize(result.items).scores == result.scores


def test_compare_on_the_example():
    c = compare("nlpcc-dbqa", GOLD, [PRED, PRED], resamples=30, seed=2)
    assert c.systems[0].score == score(GOLD, PRED).scores["mrr"]
    assert c.systems[1].difference == 0.0 and c.systems[1].p_value == 1.0


# --- the fair profile and signatures ---------------------------------------------------


def test_fair_breaks_ties_pessimistically():
    gold = [("q", "s1", 0), ("q", "s2", 1), ("q", "s3", 0)]
    scores = [0.5, 0.5, 0.5]
    # official keeps the file order: the correct sentence is 2nd -> MRR 1/2
    assert score(gold, scores, "official").scores["mrr"] == pytest.approx(50.0)
    # fair puts the incorrect ones first: 3rd -> MRR 1/3
    fair = score(gold, scores, "fair")
    assert fair.scores["mrr"] == pytest.approx(100 / 3, abs=1e-9)
    assert "ties:pessimistic" in fair.signature
    # an explicit option still wins
    assert score(gold, scores, "fair", ties="input").scores["mrr"] == 50.0


def test_cli_official_and_fair_side_by_side(capsys):
    gold, pred = (str(DOCS_EXAMPLES / n) for n in ("test.tsv", "scores.txt"))
    argv = ["score", "nlpcc-dbqa", "--gold", gold, "--pred", pred, "--profile", "official,fair"]
    assert main([*argv, "--json", "--quiet"]) == 0
    official, fair = json.loads(capsys.readouterr().out)
    assert "profile:official" in official["signature"] and "profile:fair" in fair["signature"]


def test_the_tie_order_and_skipping_are_in_the_signature(tmp_path):
    gold = write(tmp_path / "test.tsv", "q\ts1\t0\nq\ts2\t1\nr\ts3\t0\n")
    scores = write(tmp_path / "scores.txt", "0.5\n0.5\n0.1\n")
    given = score(gold, scores)
    optimistic = score(gold, scores, ties="optimistic")
    assert (given.scores["mrr"], optimistic.scores["mrr"]) == (25.0, 50.0)
    assert "ties:input" in given.signature.split("|")
    assert "ties:optimistic" in optimistic.signature.split("|")
    skipped = score(gold, scores, skip_no_positive=True)
    assert skipped.scores != given.scores and "no_positive:skip" in skipped.signature
    fields = {p.partition(":")[0] for p in given.signature.split("|")}
    assert {"grouping", "ties", "labels", "ap"} <= fields
    assert not [f for f in fields if f.startswith("tok.")]  # no text is compared


# --- no traceback on any input ------------------------------------------------------

_PIECES = st.sampled_from(
    ["q", "问题", "\t", "\n", "\r\n", "0", "1", " 1", "O", "0.5", "nan", "1e999", "\ufeff",
     "\xff", "9" * 400, "-", "."]
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    gold=st.one_of(st.binary(max_size=200), st.lists(_PIECES, max_size=30).map("".join)),
    pred=st.one_of(st.binary(max_size=200), st.lists(_PIECES, max_size=30).map("".join)),
    grouping=st.sampled_from(["consecutive", "text"]),
)
def test_random_files_give_a_result_or_an_input_error(tmp_path_factory, gold, pred, grouping):
    folder = tmp_path_factory.mktemp("random")
    paths = []
    for name, content in (("test.txt", gold), ("scores.txt", pred)):
        data = content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass")
        (folder / name).write_bytes(data)
        paths.append(str(folder / name))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        for run in (
            lambda: score(*paths, grouping=grouping),
            lambda: explain("nlpcc-dbqa", *paths, grouping=grouping),
            lambda: check_gold("nlpcc-dbqa", paths[0]),
        ):
            try:
                run()
            except InputError as exc:
                assert str(exc) and exc.path in paths


_OBJECTS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner, inner)
        | st.dictionaries(st.sampled_from(["question", "sentence", "label", "x"]), inner)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(gold=_OBJECTS, pred=_OBJECTS)
def test_random_objects_give_a_result_or_an_input_error(gold, pred):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            score(gold, pred)
        except InputError as exc:
            assert str(exc)
