"""Per-task aggregation, paired bootstrap comparison and ``answermatch compare``."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path

import pytest

from answermatch import evaluate
from answermatch.cli import main
from answermatch.errors import AnswermatchError, AnswermatchWarning
from answermatch.result import Result
from answermatch.significance import aggregation_of as aggregator_for
from answermatch.significance import (
    compare_results,
    paired_bootstrap,
    percentile_interval,
)
from answermatch.tasks import available_tasks, get_task

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
DOCS_EXAMPLES = REPO / "docs" / "examples"

from examples import EXAMPLE_FILES, EXAMPLE_OPTIONS  # noqa: E402

_CACHE: dict[tuple, Result] = {}


def scored(task: str, gold: Path, pred: Path | object, profile: str = "official", **options):
    """Score quietly (the examples leave questions unanswered on purpose), cached."""
    key = (task, str(gold), str(pred) if isinstance(pred, Path) else id(pred), profile,
           tuple(sorted(options.items())))  # fmt: skip
    if key not in _CACHE:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            _CACHE[key] = evaluate(task, gold, pred, profile, **options)
    return _CACHE[key]


def make_result(scores: list[float], *, task: str = "poleval2021", ids=None, **fields) -> Result:
    """A poleval2021-like result (plain mean) over per-item scores."""
    ids = list(range(len(scores))) if ids is None else ids
    items = [{"id": i, "score": float(s), **fields} for i, s in zip(ids, scores, strict=True)]
    return Result(
        task=task,
        profile="official",
        scores={get_task(task).primary: 100.0 * sum(scores) / len(scores)},
        per_language={},
        n=len(items),
        signature=f"task:{task}|profile:official|version:0",
        items=items,
    )


# --- aggregation reproduces every task's headline score ---------------------


def test_every_registered_task_has_an_example():
    assert sorted(EXAMPLE_FILES) == sorted(available_tasks())


@pytest.mark.parametrize("task", sorted(EXAMPLE_FILES))
def test_aggregating_all_items_reproduces_the_example_score(task):
    spec = get_task(task)
    gold, pred = EXAMPLE_FILES[task]
    for profile in spec.profiles:
        result = scored(task, gold, pred, profile, **EXAMPLE_OPTIONS.get(task, {}))
        assert result.items, f"{task} ({profile}) gives no items"
        recomputed = aggregator_for(result).score(result.items)
        assert recomputed == pytest.approx(result.scores[spec.primary], abs=1e-9), profile


XOR_DEV = ("xor", "xor_dev_full_v1_1.jsonl")
ENGSPAN_DEV = ("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl")
PARITY_RUNS = [
    ("xor-full", XOR_DEV, ("xor", "full_pred_1.json")),
    ("xor-full", XOR_DEV, ("xor", "full_pred_2.json")),
    ("xor-full", XOR_DEV, ("xor", "full_pred_3.json")),
    ("xor-engspan", ENGSPAN_DEV, ("xor", "engspan_pred_1.json")),
    ("xor-engspan", ENGSPAN_DEV, ("xor", "engspan_pred_2.json")),
    ("xor-engspan", ENGSPAN_DEV, ("xor", "engspan_pred_3.json")),
    ("xor-retrieve", ENGSPAN_DEV, ("xor", "retrieve_pred_1.json.gz")),
    ("nlpcc-kbqa", ("nlpcc2016", "kbqa", "kbqa_gold_lowcase.txt"),
     ("nlpcc2016", "kbqa", "topK_results.txt")),
    ("nlpcc-kbqa", ("nlpcc2016", "kbqa", "kbqa_gold_lowcase.txt"),
     ("nlpcc2016", "kbqa", "kbqa_pred_1.txt")),
    ("poleval2021", ("poleval2021", "dev-0", "expected.tsv"),
     ("poleval2021", "outputs", "filipggg-mt5.dev-0.out.tsv")),
    ("poleval2021", ("poleval2021", "dev-0", "expected.tsv"),
     ("poleval2021", "outputs", "filipggg-polish-roberta-large.dev-0.out.tsv")),
    ("poleval2021", ("poleval2021", "dev-0", "expected.tsv"),
     ("poleval2021", "outputs", "poleval-baseline3-always-tak.dev-0.out.tsv")),
]  # fmt: skip


def _official(path: Path) -> dict:
    name = path.name
    for suffix in (".json.gz", ".out.tsv", ".json", ".txt"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return json.loads(path.with_name(f"{name}.official.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("task", "gold", "pred"), PARITY_RUNS, ids=lambda v: "/".join(v[-1:]))
def test_aggregating_parity_items_gives_the_official_figure(parity, task, gold, pred):
    gold_path, pred_path = parity(*gold), parity(*pred)
    primary = get_task(task).primary
    official = _official(pred_path)["scores"][primary]
    for profile in get_task(task).profiles:
        result = scored(task, gold_path, pred_path, profile)
        recomputed = aggregator_for(result).score(result.items)
        assert recomputed == pytest.approx(result.scores[primary], abs=1e-9), profile
        if profile == "official":
            assert recomputed == pytest.approx(official, abs=1e-9)


# --- the bootstrap ----------------------------------------------------------


def test_percentile_interval_uses_positions_n_over_40():
    assert percentile_interval(list(range(1000))) == (25, 974)
    assert percentile_interval([5.0] * 38 + [1.0]) == (1.0, 5.0)  # N < 40: min and max
    values = list(range(80))
    random.Random(0).shuffle(values)
    assert percentile_interval(values) == (2, 77)


def test_identical_systems_have_p_value_one():
    result = make_result([1, 0, 1, 1, 0, 0, 1, 0, 1, 1])
    c = compare_results([result, result], names=["a", "b"], resamples=200, seed=5)
    base, other = c.systems
    assert other.difference == 0.0
    assert other.difference_ci == (0.0, 0.0)
    assert other.p_value == 1.0
    assert other.ci == base.ci


def test_a_system_better_on_every_item_has_the_smallest_p_value():
    # every resample gives A 0 and B 100, so no resample comes near "no difference"
    c = compare_results(
        [make_result([0] * 12), make_result([1] * 12)], names=["a", "b"], resamples=99, seed=1
    )
    a, b = c.systems
    assert (a.score, b.score) == (0.0, 100.0)
    assert a.ci == (0.0, 0.0) and b.ci == (100.0, 100.0)
    assert b.difference == 100.0 and b.difference_ci == (100.0, 100.0)
    assert b.p_value == pytest.approx(1 / 100)


def test_p_value_counts_resamples_at_least_as_far_from_the_observed_difference():
    a = make_result([1, 0, 1, 0, 1, 0, 1, 0])
    b = make_result([1, 1, 1, 0, 1, 0, 1, 1])
    resamples, seed = 300, 11
    c = compare_results([a, b], names=["a", "b"], resamples=resamples, seed=seed)
    boot = paired_bootstrap(aggregator_for(a), [a.items, b.items], resamples=resamples, seed=seed)
    diffs = [y - x for x, y in zip(*boot, strict=True)]
    observed = 25.0  # 6/8 - 4/8
    extreme = sum(abs(d - observed) >= observed for d in diffs)
    assert c.systems[1].difference == observed
    assert c.systems[1].p_value == (extreme + 1) / (resamples + 1)
    assert 0 < c.systems[1].p_value < 1


def test_same_seed_same_numbers_other_seed_other_numbers():
    a = make_result([1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0])
    b = make_result([1, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 0])
    first = compare_results([a, b], resamples=100, seed=1)
    again = compare_results([a, b], resamples=100, seed=1)
    other = compare_results([a, b], resamples=100, seed=2)
    assert first == again
    assert paired_bootstrap(aggregator_for(a), [a.items], resamples=100, seed=1) != (
        paired_bootstrap(aggregator_for(a), [a.items], resamples=100, seed=2)
    )
    assert "seed:1" in first.signature and "seed:2" in other.signature


def test_more_than_two_systems_are_each_compared_with_the_first():
    a, b, c = make_result([1, 0, 0, 0]), make_result([1, 1, 0, 0]), make_result([1, 1, 1, 0])
    comparison = compare_results([a, b, c], names=["a", "b", "c"], resamples=50, seed=4)
    assert [s.name for s in comparison.systems] == ["a", "b", "c"]
    assert comparison.systems[0].p_value is None and comparison.systems[0].difference is None
    assert [s.difference for s in comparison.systems[1:]] == [25.0, 50.0]
    # b and c are each scored on the same resamples as in a two-system comparison
    pair = compare_results([a, c], names=["a", "c"], resamples=50, seed=4)
    assert pair.systems[1] == comparison.systems[2]


def test_full_set_scores_are_the_tasks_own(parity):
    gold = parity("xor", "xor_dev_full_v1_1.jsonl")
    preds = [parity("xor", f"full_pred_{k}.json") for k in (1, 2)]
    official = [_official(p)["scores"]["f1"] for p in preds]
    results = [scored("xor-full", gold, p) for p in preds]
    c = compare_results(results, names=["1", "2"], resamples=200)
    assert [s.score for s in c.systems] == pytest.approx(official, abs=1e-9)
    assert c.systems[1].difference == pytest.approx(official[1] - official[0], abs=1e-9)
    assert c.n == 3473
    for system in c.systems:  # 3,473 questions: the interval is narrow and holds the score
        assert system.ci[0] < system.score < system.ci[1]
        assert system.ci[1] - system.ci[0] < 10


def test_signature_adds_the_test_resamples_and_seed_before_the_version():
    a, b = make_result([1, 0, 1]), make_result([0, 0, 1])
    c = compare_results([a, b], resamples=7, seed=99)
    assert c.signature == (
        "task:poleval2021|profile:official|test:paired-bs|resamples:7|seed:99|version:0"
    )
    assert c.to_dict()["signature"] == c.signature


# --- pairing ----------------------------------------------------------------


def test_items_are_paired_by_id_not_by_position():
    a = make_result([1, 0, 0], ids=["q1", "q2", "q3"])
    b = make_result([0, 0, 1], ids=["q3", "q2", "q1"])  # same answers as a, other order
    c = compare_results([a, b], resamples=100, seed=2)
    assert c.systems[1].difference == 0.0 and c.systems[1].p_value == 1.0


def test_repeated_ids_pair_in_order_of_occurrence():
    a = make_result([1, 0, 1], ids=["x", "x", "y"])
    b = make_result([1, 0, 1], ids=["x", "y", "x"])
    assert compare_results([a, b], resamples=30, seed=1).systems[1].p_value == 1.0


def _kbqa_file(path: Path, answers: dict[int, list[str]]) -> Path:
    blocks = [
        f"<question id={qid}>\tq{qid}\n<answer id={qid}>\t" + "\t".join(ans) + "\n" + "=" * 10
        for qid, ans in answers.items()
    ]
    path.write_text("\n".join(blocks) + "\n", encoding="utf-8")
    return path


def test_results_scored_differently_cannot_be_compared():
    gold, pred = EXAMPLE_FILES["zalo2019"]
    micro = scored("zalo2019", gold, pred)
    macro = scored("zalo2019", gold, pred, average="macro")
    with pytest.raises(AnswermatchError, match="scored differently"):
        compare_results([micro, macro])


def test_a_score_its_items_do_not_give_is_refused():
    result = make_result([1, 0])
    wrong = Result(**{**result.__dict__, "scores": {"accuracy": 60.0}})
    with pytest.raises(AnswermatchError, match="aggregation does not reproduce its own score"):
        compare_results([result, wrong])


def test_bad_arguments():
    result = make_result([1, 0])
    with pytest.raises(AnswermatchError, match="at least two"):
        compare_results([result])
    with pytest.raises(AnswermatchError, match="at least 1"):
        compare_results([result, result], resamples=0)


# --- the command ------------------------------------------------------------


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_table_ends_with_the_signature(capsys):
    gold, pred = EXAMPLE_FILES["poleval2021"]
    code, out, _ = _run(
        capsys, "compare", "poleval2021", "--gold", str(gold), "--pred", str(pred),
        "--pred", str(pred), "--resamples", "20", "--seed", "3", "-q",
    )  # fmt: skip
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].startswith("poleval2021 (official), accuracy, n=14, paired bootstrap: 20")
    assert "(baseline)" in lines[2]
    assert lines[-1].startswith("signature: task:poleval2021|profile:official|")
    assert "|test:paired-bs|resamples:20|seed:3|version:" in lines[-1]


def test_cli_json(capsys):
    gold, pred = EXAMPLE_FILES["xor-engspan"]
    code, out, _ = _run(
        capsys, "compare", "xor-engspan", "--gold", str(gold), "--pred", str(pred),
        "--pred", str(pred), "--json", "--resamples", "10", "-q",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    expected = scored("xor-engspan", gold, pred)
    assert data["signature"].startswith(expected.signature.rpartition("|version:")[0])
    assert data["resamples"] == 10 and data["seed"] == 12345 and data["test"] == "paired-bs"
    assert [s["score"] for s in data["systems"]] == pytest.approx([expected.scores["f1"]] * 2)
    assert data["systems"][1]["p_value"] == 1.0


def test_cli_passes_task_options(capsys):
    gold, pred = EXAMPLE_FILES["zalo2019"]
    macro = scored("zalo2019", gold, pred, average="macro")
    code, out, _ = _run(
        capsys, "compare", "zalo2019", "--gold", str(gold), "--pred", str(pred),
        "--pred", str(pred), "-o", "average=macro", "--json", "--resamples", "5",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert "average:macro" in data["signature"]
    assert data["systems"][0]["score"] == pytest.approx(macro.scores["f1"])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ((), "at least two --pred"),
        (("--pred", "PRED", "-o", "nope=1"), "unknown option"),
        (("--pred", "PRED", "--resamples", "0"), "at least 1"),
    ],
)
def test_cli_errors_exit_2(capsys, extra, message):
    gold, pred = EXAMPLE_FILES["poleval2021"]
    argv = ["compare", "poleval2021", "--gold", str(gold), "--pred", str(pred), "-q"]
    argv += [str(pred) if a == "PRED" else a for a in extra]
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert message in err and out == ""


def test_cli_unpairable_items_exit_2(capsys, tmp_path):
    gold = _kbqa_file(tmp_path / "gold.txt", {1: ["a"], 2: ["b"]})
    a = _kbqa_file(tmp_path / "a.txt", {1: ["a"]})
    b = _kbqa_file(tmp_path / "b.txt", {2: ["b"]})
    argv = ["compare", "nlpcc-kbqa", "--gold", str(gold), "--pred", str(a), "--pred", str(b)]
    code, _, err = _run(capsys, *argv, "-q")
    assert code == 2 and "--common-items" in err
    code, out, _ = _run(capsys, *argv, "-q", "--common-items")
    assert code == 2  # nothing in common either
    code, out, _ = _run(capsys, *argv[:-2], "--pred", str(a), "-q", "--common-items")
    assert code == 0 and "pairing:common" in out


def test_a_thousand_resamples_of_3500_questions_take_seconds():
    import time

    rng = random.Random(0)
    langs = ("ar", "bn", "fi", "ja", "ko", "ru", "te")
    systems = [
        [{"id": k, "lang": langs[k % 7], "score": rng.random()} for k in range(3500)]
        for _ in range(2)
    ]
    systems = [
        [{**item, "f1": item["score"], "em": 0.0, "bleu": 0.0} for item in items]
        for items in systems
    ]
    result = Result(task="xor-full", profile="official", scores={}, per_language={}, n=0,
                    signature="")  # fmt: skip
    start = time.process_time()
    scores = paired_bootstrap(aggregator_for(result), systems, resamples=1000, seed=1)
    elapsed = time.process_time() - start
    assert [len(s) for s in scores] == [1000, 1000]
    assert elapsed < 20, f"{elapsed:.1f} s of CPU (about 1 s expected; see bench_compare.py)"


def test_a_file_given_twice_is_two_systems_with_distinct_names(capsys):
    gold = str(EXAMPLES / "xor-full" / "gold.jsonl")
    pred = str(EXAMPLES / "xor-full" / "pred.json")
    args = ["compare", "xor-full", "--gold", gold, "--pred", pred, "--pred", pred]
    assert main([*args, "--resamples", "50", "--json"]) == 0
    systems = json.loads(capsys.readouterr().out)["systems"]
    assert [s["name"] for s in systems] == [pred, f"{pred} (2)"]
