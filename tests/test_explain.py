"""answermatch.explain and ``answermatch explain``."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import InputError, UnknownProfileError
from answermatch.explain import explain
from answermatch.tasks import available_tasks, get_task
from examples import EXAMPLE_FILES, EXAMPLE_OPTIONS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def assert_agrees(task: str, gold, pred, limit: int | None = None, **kwargs) -> int:
    """Every figure of every explanation equals the evaluate() item's."""
    with warnings.catch_warnings():  # unanswered questions in the fixtures warn
        warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
        items = answermatch.evaluate(task, gold, pred, **kwargs).items
        explanations = explain(task, gold, pred, limit=limit, **kwargs)
    assert len(explanations) == (len(items) if limit is None else min(limit, len(items)))
    for explanation, item in zip(explanations, items, strict=False):
        assert explanation.id == item["id"]
        assert explanation.scores["score"] == pytest.approx(item["score"], abs=1e-12)
        for key, value in explanation.scores.items():
            assert value == pytest.approx(item[key], abs=1e-12), (task, item["id"], key)
    return len(explanations)


def test_every_task_with_an_example_is_explained():
    assert set(EXAMPLE_FILES) <= set(available_tasks())


@pytest.mark.parametrize("task", sorted(EXAMPLE_FILES))
def test_agrees_with_evaluate_on_examples(task):
    gold, pred = (str(path) for path in EXAMPLE_FILES[task])
    options = EXAMPLE_OPTIONS.get(task, {})
    for profile in get_task(task).profiles:
        assert assert_agrees(task, gold, pred, profile=profile, **options) > 0


@pytest.mark.parametrize(
    ("task", "gold", "pred"),
    [
        ("xor-full", ("xor", "xor_dev_full_v1_1.jsonl"), ("xor", "full_pred_1.json")),
        ("xor-full", ("xor", "xor_dev_full_v1_1.jsonl"), ("xor", "full_pred_3.json")),
        (
            "xor-engspan",
            ("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl"),
            ("xor", "engspan_pred_2.json"),
        ),
        (
            "poleval2021",
            ("poleval2021", "dev-0", "expected.tsv"),
            ("poleval2021", "outputs", "filipggg-mt5.dev-0.out.tsv"),
        ),
        (
            "poleval2021",
            ("poleval2021", "dev-0", "expected.tsv"),
            ("poleval2021", "outputs", "filipggg-polish-roberta-large.dev-0.out.tsv"),
        ),
        (
            "nlpcc-kbqa",
            ("nlpcc2016", "kbqa", "kbqa_gold_lowcase.txt"),
            ("nlpcc2016", "kbqa", "kbqa_pred_1.txt"),
        ),
        (
            "xor-retrieve",
            ("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl"),
            ("xor", "retrieve_pred_1.json.gz"),
        ),
    ],
)
def test_agrees_with_evaluate_on_parity(parity, task, gold, pred):
    limit = 30 if task == "xor-retrieve" else 50
    assert assert_agrees(task, str(parity(*gold)), str(parity(*pred)), limit=limit) == limit


# --- what the explanations say, derived by hand ---------------------------------


def test_kbqa_set_overlap():
    [e] = explain("nlpcc-kbqa", {1: ["李白", "杜甫"]}, {1: ["王维", "李白"]})
    # common {李白}: P 1/2, R 1/2, F1 1/2; first correct candidate at rank 2
    assert e.scores == {"score": 0.5, "precision": 0.5, "recall": 0.5, "f1": 0.5}
    assert e.details["common"] == ["李白"] and e.details["rank"] == 2


def test_dbqa_ranking_and_ties():
    gold = [("q1", "s1", 0), ("q1", "s2", 1), ("q1", "s3", 0)]
    [e] = explain("nlpcc-dbqa", gold, [0.5, 0.5, 0.9])
    # s3 first (0.9), then s1 and s2 in file order (ties "input"): correct at rank 3
    assert [v.text.raw for v in e.variants] == ["s3", "s1", "s2"]
    assert e.details["rank"] == 3 and e.details["ties"] == "input"
    assert e.score == pytest.approx(1 / 3)


def test_ntcir_and_zalo():
    [e] = explain("ntcir-dsqa", {"DS2-QA-E-1": "Tokyo Metropolis"}, {"DS2-QA-E-1": "tokyo"})
    # word sets {tokyo} vs {tokyo, metropolis}: P 1, R 1/2, F1 2/3
    assert e.scores["f1"] == pytest.approx(2 / 3) and e.scores["em"] == 0.0
    gold = [
        {"__id__": "t1", "paragraphs": [{"id": "p1", "label": True}, {"id": "p2", "label": False}]}
    ]
    [z] = explain("zalo2019", gold, [("t1", "p1"), ("t1", "p2")])
    assert (z.scores["precision"], z.scores["recall"]) == (0.5, 1.0)
    assert [v.matched for v in z.variants] == [True, False]


def test_retrieve_hit_position():
    gold = [{"id": "q1", "answers": ["Jean Sibelius", "yes"], "lang": "fi"}]
    preds = [{"id": "q1", "lang": "fi", "ctxs": ["No answer here.", "It is by Jean Sibelius."]}]
    [e] = explain("xor-retrieve", gold, preds)
    # tokens: No answer here . | It is by Jean Sibelius .  -> "Jean" is token 8, passage 2
    assert [v.text.raw for v in e.variants] == ["Jean Sibelius"]  # "yes" is dropped
    assert e.variants[0].details == {"token": 8, "passage": 2}
    assert e.scores == {"score": 1.0, "hit@2kt": 1.0, "hit@5kt": 1.0}


def test_ids_limit_and_unknown_ids():
    gold, pred = (str(p) for p in EXAMPLE_FILES["poleval2021"])
    assert [e.id for e in explain("poleval2021", gold, pred, ids=["3", 1])] == [1, 3]
    assert [e.id for e in explain("poleval2021", gold, pred, limit=2)] == [1, 2]
    with pytest.raises(InputError, match="no item with id 12345, 999"):
        explain("poleval2021", gold, pred, ids=["999", "12345", "1"])
    with pytest.raises(UnknownProfileError, match="no profile"):
        explain("poleval2021", gold, pred, profile="nope")


@pytest.mark.parametrize("task", sorted(EXAMPLE_FILES))
def test_below_keeps_exactly_the_items_scored_below(task):
    gold, pred = (str(path) for path in EXAMPLE_FILES[task])
    options = EXAMPLE_OPTIONS.get(task, {})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
        items = answermatch.evaluate(task, gold, pred, **options).items
        for below in (0.0, 0.5, 1.0):
            wanted = [i["id"] for i in items if i["score"] < below]
            found = explain(task, gold, pred, below=below, **options)
            assert [e.id for e in found] == wanted, (task, below)
        assert [e.id for e in explain(task, gold, pred, below=1, limit=1, **options)] == [
            i["id"] for i in items if i["score"] < 1
        ][:1]


def test_below_with_ids_and_bad_values():
    gold, pred = (str(p) for p in EXAMPLE_FILES["xor-engspan"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
        items = answermatch.evaluate("xor-engspan", gold, pred).items
        right = next(i["id"] for i in items if i["score"] == 1)
        wrong = next(i["id"] for i in items if i["score"] < 1)
        found = explain("xor-engspan", gold, pred, ids=[right, wrong], below=1)
        assert [e.id for e in found] == [wrong]
        with pytest.raises(InputError, match="no item with id nope"):  # still checked
            explain("xor-engspan", gold, pred, ids=[wrong, "nope"], below=1)
        for bad in (-0.1, 1.5, float("nan")):
            with pytest.raises(InputError, match=r"in \[0, 1\]"):
                explain("xor-engspan", gold, pred, below=bad)


# --- CLI ---------------------------------------------------------------------------


def test_cli_text_and_json(capsys):
    gold, pred = (str(p) for p in EXAMPLE_FILES["xor-engspan"])
    assert main(["explain", "xor-engspan", "--gold", gold, "--pred", pred, "--limit", "2"]) == 0
    text = capsys.readouterr().out
    assert text.count("xor-engspan ") == 2 and "scores:" in text
    assert main(["explain", "xor-engspan", "--gold", gold, "--pred", pred, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    with pytest.warns(answermatch.AnswermatchWarning, match="no prediction"):
        items = answermatch.evaluate("xor-engspan", gold, pred).items
    assert [p["id"] for p in payload] == [i["id"] for i in items]
    first = payload[0]
    assert {"task", "profile", "id", "lang", "prediction", "variants", "rule", "scores"} <= set(
        first
    )
    assert {"raw", "normalized", "tokens", "changes"} <= set(first["variants"][0]["text"])
    assert first["verdict"] in {"exact match", "partial match", "no match", "unanswered"}


def test_cli_below(capsys):
    gold, pred = (str(p) for p in EXAMPLE_FILES["xor-engspan"])
    argv = ["explain", "xor-engspan", "--gold", gold, "--pred", pred, "-q"]
    assert main([*argv, "--below", "1", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload and all(e["scores"]["score"] < 1 for e in payload)
    assert main([*argv, "--below", "1"]) == 0
    assert capsys.readouterr().out.count("xor-engspan ") == len(payload)
    assert main([*argv, "--below", "0"]) == 0
    assert capsys.readouterr().out == "no item scores below 0\n"
    for bad in ("50", "x"):  # a percentage is refused: item scores are fractions
        with pytest.raises(SystemExit) as exc:
            main([*argv, "--below", bad])
        assert exc.value.code == 2
        assert "--below: expected a number from 0 to 1" in capsys.readouterr().err


def test_cli_unknown_id_exits_2(capsys):
    gold, pred = (str(p) for p in EXAMPLE_FILES["poleval2021"])
    status = main(["explain", "poleval2021", "--gold", gold, "--pred", pred, "--id", "4242"])
    assert status == 2
    assert "no item with id 4242" in capsys.readouterr().err


# --- other profiles -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("task", "keys"),
    [
        ("xor-full", ("f1", "em")),
        ("xor-engspan", ("f1", "em", "precision", "recall")),
        ("ntcir-dsqa", ("f1", "em")),
        ("poleval2021", ("score",)),
    ],
)
def test_other_profiles_variants_explain_the_item(task, keys):
    """Under every non-official profile, an item's figures are the best of
    its variants scored one at a time (EM, F1 and the others are maxima)."""
    from answermatch.tasks import get_task

    gold, pred = (str(p) for p in EXAMPLE_FILES[task])
    for profile in list(get_task(task).profiles)[1:]:
        assert_agrees(task, gold, pred, profile=profile)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
            explanations = explain(task, gold, pred, profile=profile)
        answered = [e for e in explanations if e.verdict != "unanswered"]
        assert answered
        for e in answered:
            assert e.profile == profile and e.variants
            for key in keys:
                best = max(v.scores[key] for v in e.variants)
                assert best == pytest.approx(e.scores[key], abs=1e-12), (profile, e.id, key)


def test_the_default_explanation_says_whether_variants_were_scored_alone():
    from answermatch.tasks import register, unregister
    from toy_tasks import GOLD, Capitals

    class NoVariants(Capitals):  # a plugin that gives no one_variant
        name = "test-no-variants"

        def one_variant(self, item, variant):
            return None

    predictions = {"1": "Paris", "2": "Lyon", "3": "Warsaw"}
    for task, alone in ((Capitals(), True), (NoVariants(), False)):
        register(task)
        try:
            [explained] = explain(task.name, GOLD, predictions, ids=["3"])
        finally:
            unregister(task.name)
        variants = explained.variants
        assert [v.text.raw for v in variants] == ["Warszawa", "Warsaw"]
        assert [v.matched for v in variants] == ([False, True] if alone else [False, False])
        assert explained.rule.endswith(
            "each variant scored alone" if alone else "the variants are listed, not scored alone"
        )
