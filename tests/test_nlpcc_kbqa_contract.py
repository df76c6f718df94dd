"""nlpcc-kbqa on the task contract: explain, check-gold, aggregation and
compare, the fair profile, signatures, and hostile input (issue 15)."""

from __future__ import annotations

import dataclasses
import json
import re
import warnings
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchError, AnswermatchWarning, InputError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.significance import aggregation_of, compare, compare_results
from answermatch.tasks import get_task
from answermatch.tasks.nlpcc.kbqa import PROFILES, NlpccKbqa

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples" / "nlpcc-kbqa"
DOCS_EXAMPLES = REPO / "docs" / "examples" / "nlpcc-kbqa"
GOLD, PRED = EXAMPLES / "gold.txt", EXAMPLES / "pred.txt"
PARITY_GOLD = ("nlpcc2016", "kbqa", "kbqa_gold_lowcase.txt")
SEP = "=" * 10


@contextmanager
def unanswered_ok():
    """Gold questions left out of the predictions warn; these tests do it on purpose."""
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", r".*gold question\(s\) have no prediction", AnswermatchWarning
        )
        yield


def kbqa_file(path: Path, answers: dict[int, list[str]]) -> Path:
    blocks = [
        f"<question id={qid}>\tq{qid}\n<answer id={qid}>\t" + "\t".join(ans) + f"\n{SEP}"
        for qid, ans in answers.items()
    ]
    path.write_text("\n".join(blocks) + "\n", encoding="utf-8")
    return path


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def score(gold, pred, profile="official", **options):
    return answermatch.evaluate("nlpcc-kbqa", gold, pred, profile, **options)


# --- the task as registered ------------------------------------------------------------


def test_registered_class_and_its_description():
    task = get_task("nlpcc-kbqa")
    assert isinstance(task, NlpccKbqa)
    described = task.describe()
    assert described["profiles"] == ["official", "fair"]
    assert described["item_order"] == "predictions" and described["gold_checks"]
    assert "mapping {question id: answers}" in described["shapes"]["gold"]


# --- explain gives the numbers of evaluate --------------------------------------------


def assert_agrees(gold, pred, profile="official", limit=None) -> int:
    with unanswered_ok():
        items = score(gold, pred, profile).items
        explanations = explain("nlpcc-kbqa", gold, pred, profile=profile, limit=limit)
    assert len(explanations) == (len(items) if limit is None else min(limit, len(items)))
    for explanation, item in zip(explanations, items, strict=False):
        assert explanation.id == item["id"]
        for key, value in explanation.scores.items():
            assert value == item[key], (item["id"], key)
        if explanation.verdict != "unanswered":
            assert explanation.details["rank"] == item["rank"]
        else:
            assert item["rank"] is None and explanation.score == 0.0
    return len(explanations)


@pytest.mark.parametrize("profile", ["official", "fair"])
def test_explain_agrees_with_evaluate_on_the_example(profile):
    # official: the 5 predicted questions; fair: the 6 gold questions
    assert assert_agrees(str(GOLD), str(PRED), profile) == {"official": 5, "fair": 6}[profile]


@pytest.mark.parity
@pytest.mark.parametrize("profile", ["official", "fair"])
def test_explain_agrees_with_evaluate_on_parity(parity, profile):
    gold = str(parity(*PARITY_GOLD))
    pred = str(parity("nlpcc2016", "kbqa", "kbqa_pred_1.txt"))
    assert assert_agrees(gold, pred, profile, limit=50) == 50


def test_explain_set_overlap():
    [e] = explain("nlpcc-kbqa", {1: ["李白", "杜甫"]}, {1: ["王维", "李白"]})
    # common {李白}: P 1/2, R 1/2, F1 1/2; first correct candidate at rank 2
    assert e.scores == {"score": 0.5, "precision": 0.5, "recall": 0.5, "f1": 0.5}
    assert e.details["common"] == ["李白"] and e.details["rank"] == 2
    assert [v.matched for v in e.variants] == [True, False]


def test_explain_fair_shows_normalized_answers_and_unanswered_questions():
    with pytest.warns(AnswermatchWarning, match="they score 0"):
        found = explain(
            "nlpcc-kbqa", {1: ["《红楼梦》"], 2: ["x"]}, {1: ["红楼梦"]}, profile="fair"
        )
    first, second = found
    assert first.variants[0].text.normalized == "红楼梦" and first.variants[0].matched
    assert first.score == 1.0
    assert second.verdict == "unanswered" and second.score == 0.0


def test_explain_errors_name_the_file(tmp_path, capsys):
    bad = write(tmp_path / "bad.txt", "<question id=1>\tq\n<answer id=2>\ta\n===\n")
    with pytest.raises(InputError) as exc:
        explain("nlpcc-kbqa", str(GOLD), str(bad))
    assert exc.value.path == str(bad) and exc.value.line == 2
    unknown = kbqa_file(tmp_path / "unknown.txt", {99: ["a"]})
    with pytest.raises(InputError, match=r"unknown\.txt:1: 1 predicted question id\(s\) not in"):
        explain("nlpcc-kbqa", str(GOLD), str(unknown))
    assert main(["explain", "nlpcc-kbqa", "--gold", str(GOLD), "--pred", str(bad)]) == 2
    assert f"{bad}:2: <answer id=2>" in capsys.readouterr().err


# --- check-gold reads with the scorer's reader ------------------------------------------


def gold_findings(tmp_path: Path, text: str) -> list:
    return check_gold("nlpcc-kbqa", str(write(tmp_path / "gold.txt", text)))


def test_check_gold_clean_file(tmp_path):
    text = f"<question id=1>\t谁?\n<answer id=1>\t李白\t杜甫\n{SEP}\n"
    text += "<question id=2>\t?\n<answer id=2>\tA\n"
    assert gold_findings(tmp_path, text) == []


def test_check_gold_empty_and_repeated_answers(tmp_path):
    findings = gold_findings(tmp_path, "<question id=1>\t?\n<answer id=1>\tA\t\tB\tA\n")
    assert [(f.severity, f.code, f.line) for f in findings] == [
        ("error", "empty-variant", 2),
        ("info", "duplicate-variant", 2),
    ]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        # duplicate ids
        (
            "<question id=1>\t?\n<answer id=1>\tA\n===\n<question id=1>\t?\n<answer id=1>\tB\n",
            4,
            r"duplicate question id 1 \(lines 1 and 4\)",
        ),
        # a garbage line
        ("<question id=1>\t?\n<answer id=1>\tA\nlorem ipsum\n", 3, "unknown line"),
        # a missing <answer>
        ("<question id=1>\t?\n===\n<question id=2>\t?\n<answer id=2>\tB\n", 1, "no <answer"),
        # a truncated file: the last block stops after its question
        ("<question id=1>\t?\n<answer id=1>\tA\n===\n<question id=2>\t?\n", 4, "no <answer"),
        # truncated in the middle of a tag
        ("<question id=1>\t?\n<answer id=1>\tA\n===\n<quest", 4, "unknown line"),
        # a malformed id
        ("<question id=x>\t?\n<answer id=x>\tA\n", 1, "expected a numeric id"),
    ],
)
def test_check_gold_reports_what_score_refuses(tmp_path, text, line, message):
    path = write(tmp_path / "gold.txt", text)
    with pytest.raises(InputError, match=message):
        score(path, {1: ["A"]})
    findings = check_gold("nlpcc-kbqa", str(path))
    errors = [f for f in findings if f.severity == "error"]
    assert errors and errors[0].line == line and errors[0].file == str(path)
    assert errors[0].code == "unreadable"


def test_check_gold_empty_file_is_an_error(tmp_path, capsys):
    empty = write(tmp_path / "gold.txt", "")
    with pytest.raises(InputError, match="no questions in the gold file"):
        score(empty, {1: ["a"]})
    [finding] = check_gold("nlpcc-kbqa", str(empty))
    assert (finding.severity, finding.code) == ("error", "unreadable")
    assert "no questions in the gold file" in finding.message
    assert main(["check-gold", "nlpcc-kbqa", "--gold", str(empty)]) == 1
    out = capsys.readouterr().out  # the reader's one-line error alone: no check ran
    assert out == f"{empty}: error: no questions in the gold file [unreadable]\n"


def test_check_gold_reader_warning_becomes_a_finding(tmp_path):
    findings = gold_findings(tmp_path, "\ufeff<question id=1>\t?\n<answer id=1>\tA\n")
    assert [(f.severity, f.code, f.line) for f in findings] == [("warning", "reader-warning", 1)]


@pytest.mark.parity
def test_check_gold_real_files_are_clean(parity):
    assert check_gold("nlpcc-kbqa", parity(*PARITY_GOLD)) == []


# --- hostile input -------------------------------------------------------------------


def test_double_carriage_return_shows_the_stray_cr_once_per_line(tmp_path):
    text = f"<question id=1>\tq\r\r\n<answer id=1>\ta\r\r\n{SEP}\r\r\n"
    text += f"<question id=2>\tq\r\r\n<answer id=2>\tb\r\r\n{SEP}\r\r\n"
    path = write(tmp_path / "p.txt", text)
    with pytest.raises(InputError) as exc:
        score(path, path)
    message = str(exc.value)
    assert "\n" not in message  # one line, however many problems
    assert message.startswith(f"{path}:1: the line ends in a stray carriage return '\\r'")
    assert "(6 problems in all; also line 2: the line ends in a stray" in message
    assert [int(n) for n in re.findall(r"line (\d+): the line ends", message)] == [2, 3, 4, 5, 6]
    assert "missing separator" not in message


def test_many_problems_are_listed_on_one_line_with_a_limit(tmp_path):
    path = write(tmp_path / "p.txt", "noise\n" * 30)
    with pytest.raises(InputError) as exc:
        score(path, path)
    message = str(exc.value)
    assert "\n" not in message and "(30 problems in all; also line 2: " in message
    assert message.count("unknown line") == 1 + 10 and message.endswith("; and 19 more)")


@pytest.mark.parametrize("where", ["question", "answer"])
def test_ids_of_thousands_of_digits_are_a_clear_error(tmp_path, where):
    huge = "9" * 5000
    qid = huge if where == "question" else "1"
    aid = huge if where == "answer" else "1"
    path = write(tmp_path / "p.txt", f"<question id={qid}>\tq\n<answer id={aid}>\ta\n===\n")
    line = 1 if where == "question" else 2
    with pytest.raises(
        InputError, match=f"p.txt:{line}: the id in <{where} id=...> has 5000 digits"
    ):
        score(path, path)


def test_loaded_ids_of_thousands_of_digits_are_a_clear_error():
    for key in ("9" * 5000, 10**5000, -1):
        with pytest.raises(InputError, match="question ids must be integers"):
            score({1: ["a"]}, {key: ["a"]})


@pytest.mark.parametrize(
    ("pred", "message"),
    [
        ({1: 5}, r"answers of question 1 must be strings: expected a list of answer strings"),
        ({1: [["a"]]}, "answers of question 1 must be strings"),
        ({1: {"a": 1}}, "answers of question 1 must be strings"),
        ([(1, "a")], r"expected a path or a mapping \{question id: answers\}, got list"),
        ({1: ["a"], "1": ["b"]}, r"duplicate question id 1"),
    ],
)
def test_wrong_loaded_shapes_name_the_item_and_the_shape(pred, message):
    with pytest.raises(InputError, match=message):
        score({1: ["a"]}, pred)


def test_unanswered_gold_questions_warn_and_strict_refuses(tmp_path):
    gold = kbqa_file(tmp_path / "gold.txt", {k: [f"a{k}"] for k in range(1, 7)})
    pred = kbqa_file(tmp_path / "pred.txt", {3: ["a3"]})
    with pytest.warns(AnswermatchWarning, match=r"5 of 6 gold question\(s\) have no prediction"):
        result = score(gold, pred)
    assert result.scores["f1"] == 100.0 and result.n == 1  # Eva's figure, kept
    assert len(result.warnings) == 1 and "first: id 1" in result.warnings[0]
    with pytest.raises(InputError, match=r"have no prediction.*--strict"):
        score(gold, pred, strict=True)
    with pytest.warns(AnswermatchWarning, match="they score 0"):
        fair = score(gold, pred, "fair")
    assert fair.n == 6 and fair.scores["f1"] == pytest.approx(100 / 6)
    complete = kbqa_file(tmp_path / "all.txt", {k: [f"a{k}"] for k in range(1, 7)})
    assert score(gold, complete, strict=True).warnings == ()


def test_cli_strict_unanswered_exits_2(tmp_path, capsys):
    gold = kbqa_file(tmp_path / "gold.txt", {1: ["a"], 2: ["b"]})
    pred = kbqa_file(tmp_path / "pred.txt", {1: ["a"]})
    argv = ["score", "nlpcc-kbqa", "--gold", str(gold), "--pred", str(pred), "--strict"]
    assert main(argv) == 2
    assert "1 of 2 gold question(s) have no prediction" in capsys.readouterr().err


# --- one aggregation rule ---------------------------------------------------------------


@pytest.mark.parametrize("profile", ["official", "fair"])
def test_aggregation_reproduces_every_score_of_the_example(profile):
    with unanswered_ok():
        result = score(GOLD, PRED, profile, ks=[1, 2])
    summary = aggregation_of(result).summarize(result.items)
    assert summary.scores == result.scores
    assert list(summary.scores) == list(result.scores)


@pytest.mark.parity
@pytest.mark.parametrize("name", ["topK_results", "kbqa_pred_1"])
def test_aggregating_parity_items_gives_the_official_figures(parity, name):
    pred = parity("nlpcc2016", "kbqa", f"{name}.txt")
    official = json.loads(
        parity("nlpcc2016", "kbqa", f"{name}.official.json").read_text(encoding="utf-8")
    )
    with unanswered_ok():
        result = score(parity(*PARITY_GOLD), pred)
    scores = aggregation_of(result).summarize(result.items).scores
    for key, value in official["scores"].items():
        assert abs(scores[key] - value) <= 1e-9, key
        assert abs(scores[key] / 100 - float(official["printed_by_eva"][key])) <= 5e-14, key


def test_different_item_sets_are_an_error_unless_common(tmp_path):
    gold = kbqa_file(tmp_path / "gold.txt", {1: ["a"], 2: ["b"], 3: ["c"], 4: ["d"]})
    a = kbqa_file(tmp_path / "a.txt", {1: ["a"], 2: ["x"], 3: ["c"]})
    b = kbqa_file(tmp_path / "b.txt", {2: ["b"], 3: ["c"], 4: ["d"]})
    with unanswered_ok():
        with pytest.raises(AnswermatchError, match=r"cannot pair .*1 item\(s\) \(1\) only in"):
            compare("nlpcc-kbqa", gold, [a, b], resamples=10)
        c = compare("nlpcc-kbqa", gold, [a, b], resamples=50, common=True)
    assert c.n == 2 and c.pairing == "common" and "pairing:common" in c.signature
    # on questions 2 and 3: a scores F1 0 and 1, b 1 and 1
    assert [s.score for s in c.systems] == pytest.approx([50.0, 100.0])


def test_cli_compare_unpairable_items_exit_2(capsys, tmp_path):
    gold = kbqa_file(tmp_path / "gold.txt", {1: ["a"], 2: ["b"]})
    a = kbqa_file(tmp_path / "a.txt", {1: ["a"]})
    b = kbqa_file(tmp_path / "b.txt", {2: ["b"]})
    argv = ["compare", "nlpcc-kbqa", "--gold", str(gold), "--pred", str(a), "--pred", str(b)]
    assert main([*argv, "-q"]) == 2
    assert "--common-items" in capsys.readouterr().err
    assert main([*argv, "-q", "--common-items"]) == 2  # nothing in common either
    assert main([*argv[:-2], "--pred", str(a), "-q", "--common-items"]) == 0
    assert "pairing:common" in capsys.readouterr().out


def test_compare_uses_the_ks_option(tmp_path):
    gold = kbqa_file(tmp_path / "gold.txt", {1: ["a"], 2: ["b"]})
    a = kbqa_file(tmp_path / "a.txt", {1: ["x", "a"], 2: ["b"]})
    results = [score(gold, a, ks=[2]), score(gold, a, ks=[2])]
    assert aggregation_of(results[0]).summarize(results[0].items).scores["accuracy@2"] == 100.0
    c = compare_results(results, resamples=20, seed=1)
    assert c.systems[1].difference == 0.0


@pytest.mark.parity
def test_common_items_on_real_kbqa_runs(parity):
    gold = parity(*PARITY_GOLD)
    full = parity("nlpcc2016", "kbqa", "topK_results.txt")  # answers all 7,631 questions
    partial = parity("nlpcc2016", "kbqa", "kbqa_pred_1.txt")  # answers a subset
    answered = partial.read_text(encoding="utf-8").count("<question id=")
    with unanswered_ok():
        with pytest.raises(AnswermatchError, match=r"cannot pair"):
            compare("nlpcc-kbqa", gold, [full, partial], resamples=10)
        c = compare("nlpcc-kbqa", gold, [full, partial], resamples=100, common=True)
    assert c.n == answered < 7631
    official = json.loads(
        parity("nlpcc2016", "kbqa", "kbqa_pred_1.official.json").read_text(encoding="utf-8")
    )
    assert c.systems[1].score == pytest.approx(official["scores"]["f1"], abs=1e-9)


# --- the fair profile ---------------------------------------------------------------------


def test_fair_normalizes_answers():
    gold, pred = {1: ["Beijing"]}, {1: ["ＢＥＩＪＩＮＧ"]}
    assert score(gold, pred, "official").scores["f1"] == 0.0
    assert score(gold, pred, "fair").scores["f1"] == 100.0


def test_fair_empty_gold_rewards_only_an_empty_answer():
    gold, pred = {1: [], 2: ["a"]}, {1: ["x"], 2: ["a"]}
    # official: an empty gold set gives 1 whatever is predicted: (1 + 1) / 2
    assert score(gold, pred, "official").scores["f1"] == 100.0
    assert score(gold, pred, "fair").scores["f1"] == 50.0


def test_fair_counts_left_out_questions():
    gold, pred = {1: ["a"], 2: ["b"]}, {1: ["a"]}
    with unanswered_ok():
        official = score(gold, pred, "official")
        fair = score(gold, pred, "fair")
    assert (official.n, official.scores["f1"]) == (1, 100.0)
    assert (fair.n, fair.scores["f1"]) == (2, 50.0)


def test_a_profile_object_is_accepted_and_named_custom():
    custom = dataclasses.replace(PROFILES["official"], norm="unicode")
    r = get_task("nlpcc-kbqa").evaluate({1: ["A"]}, {1: ["a"]}, custom)
    assert r.scores["f1"] == 100.0 and r.profile == "custom"
    assert "profile:custom" in r.signature and "norm:unicode" in r.signature
    same = dataclasses.replace(PROFILES["fair"])
    assert get_task("nlpcc-kbqa").evaluate({1: ["A"]}, {1: ["a"]}, same).profile == "fair"


def test_cli_official_and_fair_side_by_side(capsys):
    gold, pred = (str(DOCS_EXAMPLES / n) for n in ("gold.txt", "pred.txt"))
    argv = ["score", "nlpcc-kbqa", "--gold", gold, "--pred", pred, "--profile", "official,fair"]
    assert main([*argv, "--json", "--quiet"]) == 0
    official, fair = json.loads(capsys.readouterr().out)
    assert "profile:official" in official["signature"] and "profile:fair" in fair["signature"]
    assert set(official["scores"]) == set(fair["scores"])


# --- signatures --------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["official", "fair"])
def test_signature_names_the_match_rule(profile):
    with unanswered_ok():
        fields = dict(
            p.partition(":")[::2] for p in score(GOLD, PRED, profile).signature.split("|")
        )
    assert fields["task"] == "nlpcc-kbqa" and fields["profile"] == profile
    assert fields["match"] == {"official": "set,exact", "fair": "set,normalized"}[profile]
    assert not [k for k in fields if k.startswith("tok.")]  # answers are compared whole


def test_the_ks_option_changes_numbers_and_signature():
    with unanswered_ok():
        default, changed = score(GOLD, PRED), score(GOLD, PRED, ks=[2])
    assert default.scores != changed.scores
    assert "ks:2" in changed.signature.split("|") and "ks:1,3,5" in default.signature.split("|")


# --- no traceback on any input ------------------------------------------------------


_KBQA_PIECES = st.sampled_from(
    ["<question id=1>\t", "<answer id=1>\t", "<triple id=2>", "<question id=", "===", "\r",
     "\n", "\t", "\ufeff", "a", "99999999999999999999", "北京", "\x00", ">"]
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    gold=st.one_of(st.binary(max_size=200), st.lists(_KBQA_PIECES, max_size=30).map("".join)),
    pred=st.one_of(st.binary(max_size=200), st.lists(_KBQA_PIECES, max_size=30).map("".join)),
)
def test_random_files_give_a_result_or_an_input_error(tmp_path_factory, gold, pred):
    folder = tmp_path_factory.mktemp("random")
    paths = []
    for name, content in (("gold.txt", gold), ("pred.txt", pred)):
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        (folder / name).write_bytes(data)
        paths.append(str(folder / name))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        for run in (
            lambda: score(*paths),
            lambda: explain("nlpcc-kbqa", *paths),
            lambda: check_gold("nlpcc-kbqa", paths[0]),
        ):
            try:
                run()
            except InputError as exc:
                assert str(exc) and exc.path in paths


_OBJECTS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.integers() | st.text(max_size=3), inner, max_size=4)
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
