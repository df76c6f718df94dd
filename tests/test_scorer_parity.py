"""The incremental, merged and Dask paths give evaluate's numbers on every
parity fixture.

For each fixture of each registered task:

(a) one :class:`~answermatch.Scorer` updated on the whole input equals
    ``evaluate`` (scores and per-language figures to 1e-12);
(b) the scored items split in two, their aggregation totals merged
    (``Aggregation.accumulate`` and ``merge_totals``), equal ``evaluate`` to
    1e-12;
(c) the input itself split in two (a splitter per task, in the task's own
    shapes), two scorers updated on the halves and merged through
    ``to_dict``/JSON/``from_dict``, equal ``evaluate`` to 1e-9;
(d) rows built from the fixture (gold fields plus ``prediction``), turned
    back into the task's shapes by ``Task.split_rows``, score as the files
    do, and ``answermatch.dask.evaluate`` on them (synchronous scheduler,
    several partitions) equals ``evaluate`` to 1e-9.

A task that is not registered in this installation is not parametrized.
"""

from __future__ import annotations

import gzip
import json
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from answermatch import Scorer, evaluate, scorer
from answermatch.errors import AnswermatchError, AnswermatchWarning
from answermatch.tasks import get_task
from answermatch.tasks.base import merge_totals
from conftest import PARITY, parity_path

pytestmark = [pytest.mark.parity, pytest.mark.slow]


def registered(task: str) -> bool:
    try:
        get_task(task)
    except Exception:  # not registered, or its module is not in this installation
        return False
    return True


def read_json(*parts: str) -> Any:
    path = parity_path(*parts)
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def read_jsonl(*parts: str) -> list[dict[str, Any]]:
    path = parity_path(*parts)
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def halves(values: list[Any]) -> tuple[list[Any], list[Any]]:
    middle = len(values) // 2
    return values[:middle], values[middle:]


# --- per task: the loaded fixture, a splitter and joined rows --------------------------


@dataclass(frozen=True)
class Case:
    """One parity fixture: ``load()`` gives ``(gold, predictions)`` in the
    task's in-memory shapes; ``split(gold, predictions)`` two such pairs
    that together are the whole input; ``rows(gold, predictions)`` the
    joined rows and ``partitions`` how many Dask partitions to cut them
    into (or a list of row lists: partitions given as they are)."""

    task: str
    label: str
    load: Callable[[], tuple[Any, Any]]
    split: Callable[[Any, Any], list[tuple[Any, Any]]]
    rows: Callable[[Any, Any], Any]
    options: dict[str, Any] = field(default_factory=dict)
    partitions: int = 3

    @property
    def id(self) -> str:
        return f"{self.task}:{self.label}"


def xor_gold(name: str) -> Callable[[], list[dict[str, Any]]]:
    return lambda: read_jsonl("xor", name)


def split_gold(gold: list[Any], predictions: Any) -> list[tuple[Any, Any]]:
    """Gold halves, each with every prediction (the readers skip the others)."""
    first, second = halves(gold)
    return [(first, predictions), (second, predictions)]


def xor_full_rows(gold: list[dict], predictions: dict[str, str]) -> list[dict]:
    # XOR-Full's id rule: a prediction key counts by its part after the last "_"
    by_id = {key.rsplit("_", 1)[-1]: value for key, value in predictions.items()}
    return [{**g, "prediction": by_id.get(g["id"])} for g in gold]


def xor_engspan_rows(gold: list[dict], predictions: dict[str, Any]) -> list[dict]:
    return [{**g, "prediction": predictions.get(g["id"])} for g in gold]


def xor_retrieve_split(gold: list[dict], predictions: list[dict]) -> list[tuple[Any, Any]]:
    # items follow the predictions: halves of the prediction list, the whole gold
    first, second = halves(predictions)
    return [(gold, first), (gold, second)]


def xor_retrieve_rows(gold: list[dict], predictions: list[dict]) -> list[dict]:
    by_id = {g["id"]: g for g in gold}
    return [
        {**by_id[p["id"]], "prediction": p["ctxs"]}
        for p in predictions
        if p["id"] in by_id and p["lang"] == by_id[p["id"]]["lang"]
    ]


def poleval_load(output: str) -> Callable[[], tuple[list[str], list[str]]]:
    def load() -> tuple[list[str], list[str]]:
        gold = parity_path("poleval2021", "dev-0", "expected.tsv").read_text("utf-8")
        out = parity_path("poleval2021", "outputs", output).read_text("utf-8")
        return gold.splitlines(), out.splitlines()

    return load


def poleval_split(gold: list[str], answers: list[str]) -> list[tuple[Any, Any]]:
    (g1, g2), (a1, a2) = halves(gold), halves(answers)
    return [(g1, a1), (g2, a2)]


def poleval_rows(gold: list[str], answers: list[str]) -> list[dict]:
    return [
        {"id": k, "answers": line, "prediction": answer}
        for k, (line, answer) in enumerate(zip(gold, answers, strict=True), start=1)
    ]


def kbqa_load(pred: str) -> Callable[[], tuple[dict, dict]]:
    """Both files read by the task's reader, as mappings {id: TAB-joined
    answer fields, as written}."""

    def load() -> tuple[dict, dict]:
        from answermatch.diagnostics import Diagnostics

        task = get_task("nlpcc-kbqa")
        gold = task.read_gold(parity_path("nlpcc2016", "kbqa", "kbqa_gold_lowcase.txt"), quiet())
        preds = task.read_predictions(parity_path("nlpcc2016", "kbqa", pred), gold, Diagnostics())
        as_map = lambda f: {b.id: "\t".join(b.fields) for b in f.blocks}  # noqa: E731
        return as_map(gold), as_map(preds)

    return load


def kbqa_split(gold: dict, predictions: dict) -> list[tuple[Any, Any]]:
    # items follow the predictions: their halves, each with the whole gold
    keys = list(predictions)
    first, second = halves(keys)
    return [(gold, {k: predictions[k] for k in part}) for part in (first, second)]


def kbqa_rows(gold: dict, predictions: dict) -> list[dict]:
    # in gold order, an unanswered question's prediction None (it is then not
    # counted, as a question the prediction file leaves out)
    return [{"id": k, "answers": v, "prediction": predictions.get(k)} for k, v in gold.items()]


ZALO_PRIVATE = "ZaloQA_private_test_with_labels_unverified.json"


def zalo_load() -> tuple[list[dict], dict[str, list[str]]]:
    """The labelled private test and a submission made from it: per case,
    nothing, the first paragraph, or the correct ones plus a wrong one."""
    gold = read_json("zalo2019", ZALO_PRIVATE)
    submission: dict[str, list[str]] = {}
    for k, case in enumerate(gold):
        ids = [p["id"] for p in case["paragraphs"]]
        right = [p["id"] for p in case["paragraphs"] if p["label"]]
        wrong = [pid for pid in ids if pid not in right]
        if k % 3 == 1:
            submission[case["__id__"]] = ids[:1]
        elif k % 3 == 2:
            submission[case["__id__"]] = right + wrong[:1]
    return gold, submission


def zalo_split(gold: list[dict], submission: dict) -> list[tuple[Any, Any]]:
    out = []
    for part in halves(gold):
        ids = {case["__id__"] for case in part}
        out.append((part, {k: v for k, v in submission.items() if k in ids}))
    return out


def zalo_rows(gold: list[dict], submission: dict) -> list[dict]:
    return [{**case, "prediction": submission.get(case["__id__"])} for case in gold]


def mkqa_load(folder: str) -> Callable[[], tuple[list[dict], dict[str, list[dict]]]]:
    def load() -> tuple[list[dict], dict[str, list[dict]]]:
        from answermatch.tasks.mkqa.data import LANGUAGES

        gold = read_jsonl("mkqa", "mkqa_test6.jsonl.gz")
        base = parity_path("mkqa", folder)
        preds = {
            lang: read_jsonl("mkqa", folder, f"{lang}.jsonl")
            for lang in LANGUAGES
            if (base / f"{lang}.jsonl").is_file()
        }
        return gold, preds

    return load


def mkqa_split(gold: list[dict], preds: dict[str, list[dict]]) -> list[tuple[Any, Any]]:
    # MKQA's threshold walks each language's predictions in file order: the
    # parts are languages (as its files are), each part with the whole gold
    first, second = halves(list(preds))
    return [(gold, {lang: preds[lang] for lang in part}) for part in (first, second)]


def mkqa_rows(gold: list[dict], preds: dict[str, list[dict]]) -> list[list[dict]]:
    """One partition per language: rows {gold fields, lang, prediction fields}."""
    by_id = {g["example_id"]: g for g in gold}
    return [
        [
            {
                **by_id[p["example_id"]],
                "lang": lang,
                "prediction": p.get("prediction"),
                "binary_answer": p.get("binary_answer"),
                "no_answer_prob": p.get("no_answer_prob", 0.0),
            }
            for p in rows
        ]
        for lang, rows in preds.items()
    ]


def squad_load(folder: str, gold: str, pred: str) -> Callable[[], tuple[Any, dict]]:
    return lambda: (read_json(folder, gold), read_json(folder, pred))


def squad_split(task: str) -> Callable[[Any, dict], list[tuple[Any, Any]]]:
    """Articles in two halves, each with the predictions of its questions."""

    def split(gold: Any, predictions: dict) -> list[tuple[Any, Any]]:
        out = []
        for part in halves(gold["data"]):
            ids = {
                qa["id"]
                for article in part
                for paragraph in article["paragraphs"]
                for qa in paragraph["qas"]
            }
            out.append(({**gold, "data": part}, {k: v for k, v in predictions.items() if k in ids}))
        return out

    return split


def squad_rows(gold: Any, predictions: dict) -> list[dict]:
    """Hugging Face datasets rows {id, context, question, answers}."""
    return [
        {
            "id": qa["id"],
            "context": paragraph["context"],
            "question": qa["question"],
            "answers": {
                "text": [a["text"] for a in qa["answers"]],
                "answer_start": [a["answer_start"] for a in qa["answers"]],
            },
            "prediction": predictions.get(qa["id"]),
        }
        for article in gold["data"]
        for paragraph in article["paragraphs"]
        for qa in paragraph["qas"]
    ]


def cmrc_load(gold: str, pred: str) -> Callable[[], tuple[Any, dict]]:
    return lambda: (read_json("cmrc2018", gold), read_json("cmrc2018", pred))


def cmrc_split(gold: Any, predictions: dict) -> list[tuple[Any, Any]]:
    from answermatch.diagnostics import Diagnostics

    task = get_task("cmrc2018")
    if isinstance(gold, dict):  # SQuAD layout (DRCD)
        parts = [{**gold, "data": part} for part in halves(gold["data"])]
    else:  # the CMRC 2018 layout: a list of passages
        parts = list(halves(gold))
    out = []
    for part in parts:
        ids = {q.id for q in run(task.read_gold, part, Diagnostics()).questions}
        out.append((part, {k: v for k, v in predictions.items() if k in ids}))
    return out


def cmrc_rows(gold: Any, predictions: dict) -> list[dict]:
    """Hugging Face datasets rows {id, context, question, answers}."""
    rows = []
    if isinstance(gold, dict):
        for article in gold["data"]:
            for paragraph in article["paragraphs"]:
                for qa in paragraph["qas"]:
                    answers = qa["answers"]
                    rows.append(
                        {
                            "id": qa["id"],
                            "context": paragraph["context"],
                            "question": qa["question"],
                            "answers": {
                                "text": [a["text"] for a in answers],
                                "answer_start": [a["answer_start"] for a in answers],
                            },
                        }
                    )
    else:
        for passage in gold:
            for qa in passage["qas"]:
                rows.append(
                    {
                        "id": qa["query_id"],
                        "context": passage["context_text"],
                        "question": qa["query_text"],
                        "answers": {
                            "text": list(qa["answers"]),
                            "answer_start": [-1] * len(qa["answers"]),
                        },
                    }
                )
    return [{**row, "prediction": predictions.get(row["id"])} for row in rows]


def quiet():
    from answermatch.diagnostics import Diagnostics

    return Diagnostics()


ALL_CASES = [
    *(
        Case(
            "xor-full",
            f"full_pred_{k}",
            lambda k=k: (
                xor_gold("xor_dev_full_v1_1.jsonl")(),
                read_json("xor", f"full_pred_{k}.json"),
            ),
            split_gold,
            xor_full_rows,
        )
        for k in (1, 2, 3)
    ),
    *(
        Case(
            "xor-engspan",
            f"engspan_pred_{k}",
            lambda k=k: (
                xor_gold("xor_dev_retrieve_eng_span_v1_1.jsonl")(),
                read_json("xor", f"engspan_pred_{k}.json"),
            ),
            split_gold,
            xor_engspan_rows,
        )
        for k in (1, 2, 3)
    ),
    Case(
        "xor-retrieve",
        "retrieve_pred_1",
        lambda: (
            xor_gold("xor_dev_retrieve_eng_span_v1_1.jsonl")(),
            read_json("xor", "retrieve_pred_1.json.gz"),
        ),
        xor_retrieve_split,
        xor_retrieve_rows,
    ),
    *(
        Case(
            "poleval2021", name, poleval_load(f"{name}.dev-0.out.tsv"), poleval_split, poleval_rows
        )
        for name in (
            "poleval-baseline3-always-tak",
            "filipggg-polish-roberta-large",
            "filipggg-mt5",
        )
    ),
    *(
        Case("nlpcc-kbqa", name, kbqa_load(f"{name}.txt"), kbqa_split, kbqa_rows)
        for name in ("topK_results", "kbqa_pred_1")
    ),
    *(
        Case(
            "zalo2019", f"private-{average}", zalo_load, zalo_split, zalo_rows, {"average": average}
        )
        for average in ("micro", "macro")
    ),
    *(
        Case("mkqa", folder, mkqa_load(folder), mkqa_split, mkqa_rows)
        for folder in ("pred_seed1", "pred_seed2", "sample_predictions_test6")
    ),
    *(
        Case("cmrc2018", pred.removesuffix(".json"), cmrc_load(gold, pred), cmrc_split, cmrc_rows)
        for gold, pred in (
            ("cmrc2018_dev.json", "pred_seed1.json"),
            ("cmrc2018_dev.json", "pred_seed2.json"),
            ("DRCD_dev.json", "pred_drcd_dev_seed1.json"),
            ("DRCD_dev.json", "pred_drcd_dev_seed2.json"),
        )
    ),
    *(
        Case(
            "squad",
            f"pred_v1_seed{k}",
            squad_load("squad", "dev-v1.1.from-v2-answerable.json", f"pred_v1_seed{k}.json"),
            squad_split("squad"),
            squad_rows,
        )
        for k in (1, 2)
    ),
    *(
        Case(
            "squad-v2",
            f"pred_v2_seed{k}",
            squad_load("squad", "dev-v2.0.cs224n-subset.json", f"pred_v2_seed{k}.json"),
            squad_split("squad-v2"),
            squad_rows,
            options={"na_prob": str(PARITY / "squad" / f"pred_v2_seed{k}.na_prob.json")},
        )
        for k in (1, 2)
    ),
    *(
        Case(
            "mlqa",
            f"pred_{lang}_seed{k}",
            squad_load("mlqa", f"xquad.{lang}.json", f"pred_{lang}_seed{k}.json"),
            squad_split("mlqa"),
            squad_rows,
            options={"lang": lang},
        )
        for lang in ("en", "ar", "zh")
        for k in (1, 2)
    ),
]
CASES = [case for case in ALL_CASES if registered(case.task)]


def run(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``function(...)`` with answermatch's warnings silenced (the fixtures
    have the quirks the readers warn about)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return function(*args, **kwargs)


def assert_same(got: Any, expected: Any, tolerance: float) -> None:
    assert got.n == expected.n
    assert list(got.scores) == list(expected.scores)
    for key, value in expected.scores.items():
        assert got.scores[key] == pytest.approx(value, abs=tolerance, nan_ok=True), key
    assert list(got.per_language) == list(expected.per_language)
    for lang, figures in expected.per_language.items():
        assert list(got.per_language[lang]) == list(figures), lang
        for key, value in figures.items():
            assert got.per_language[lang][key] == pytest.approx(
                value, abs=tolerance, nan_ok=True
            ), (lang, key)


@pytest.fixture(scope="module")
def loaded() -> Callable[[Case], tuple[Any, Any, Any]]:
    """``(gold, predictions, evaluate's result)`` of a case, computed once."""
    cache: dict[str, tuple[Any, Any, Any]] = {}

    def get(case: Case) -> tuple[Any, Any, Any]:
        if case.id not in cache:
            gold, predictions = case.load()
            result = run(evaluate, case.task, gold, predictions, **case.options)
            cache[case.id] = (gold, predictions, result)
        return cache[case.id]

    return get


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_scorer_on_the_whole_input_is_evaluate(case, loaded):
    gold, predictions, expected = loaded(case)
    whole = scorer(case.task, **case.options)
    run(whole.update, gold, predictions)
    assert_same(whole.compute(), expected, 1e-12)
    assert whole.compute().signature == expected.signature
    if whole.rows is not None:  # a best threshold needs every item: one row each
        assert len(whole.rows) == expected.n


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_merged_totals_of_the_items_in_two_are_evaluate(case, loaded):
    _, _, expected = loaded(case)
    spec = get_task(case.task)
    aggregation = spec.aggregation(spec.settings("official"), **case.options)
    first, second = halves(expected.items)
    totals_1, rows_1 = aggregation.accumulate({}, first)
    totals_2, rows_2 = aggregation.accumulate({}, second)
    rows = None if rows_1 is None else rows_1 + rows_2
    merged = aggregation.combine(merge_totals(totals_1, totals_2), rows)
    # and one after the other, the second half added to the first's totals
    running = aggregation.combine(*aggregation.accumulate(totals_1, second, rows_1))
    for summary in (merged, running):
        got = type(expected)(
            task=expected.task,
            profile=expected.profile,
            scores=summary.scores,
            per_language=summary.per_language,
            n=expected.n,
            signature=expected.signature,
        )
        assert_same(got, expected, 1e-12)
    assert aggregation.rows == (rows_1 is not None)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_two_scorers_on_halves_merged_through_json_are_evaluate(case, loaded):
    gold, predictions, expected = loaded(case)
    parts = case.split(gold, predictions)
    assert len(parts) == 2
    states = []
    for part_gold, part_predictions in parts:
        part = scorer(case.task, **case.options)
        run(part.update, part_gold, part_predictions)
        assert 0 < part.n < expected.n
        states.append(json.loads(json.dumps(part.to_dict())))
    merged = Scorer.from_dict(states[0]).merge(Scorer.from_dict(states[1]))
    assert_same(merged.compute(), expected, 1e-9)
    if merged.rows is not None:
        assert len(merged.rows) == expected.n


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_rows_through_split_rows_and_dask_are_evaluate(case, loaded):
    dask = pytest.importorskip(
        "dask", reason="Dask is not installed: install answermatch[integrations] (or [dask])"
    )
    import dask.bag as db

    import answermatch.dask as amd

    gold, predictions, expected = loaded(case)
    spec = get_task(case.task)
    rows = case.rows(gold, predictions)
    given = rows if rows and isinstance(rows[0], list) else None
    flat = [row for part in given for row in part] if given else rows
    # the rows, back in the task's shapes, score as the files do
    from_rows = run(evaluate, case.task, *spec.split_rows(flat), **case.options)
    assert_same(from_rows, expected, 1e-9)
    if given:
        bag = db.concat([db.from_sequence(part, npartitions=1) for part in given])
    else:
        bag = db.from_sequence(flat, npartitions=case.partitions)
    assert bag.npartitions > 1
    with dask.config.set(scheduler="sync"):
        got = run(amd.evaluate, case.task, bag, **case.options)
    assert_same(got, expected, 1e-9)


def test_every_task_with_a_parity_fixture_is_covered():
    tasks = {case.task for case in ALL_CASES}
    assert {
        "xor-full",
        "xor-engspan",
        "xor-retrieve",
        "poleval2021",
        "nlpcc-kbqa",
        "zalo2019",
        "mkqa",
        "cmrc2018",
    } <= tasks
    assert all(registered(task) for task in tasks if task in {"xor-full", "poleval2021"})


def test_mkqa_parts_of_one_language_are_refused(loaded):
    if not registered("mkqa"):
        return
    case = next(c for c in CASES if c.task == "mkqa")
    gold, predictions, _ = loaded(case)
    first, second = halves(gold)
    parts = []
    for part in (first, second):
        ids = {g["example_id"] for g in part}
        en = [p for p in predictions["en"] if p["example_id"] in ids]
        one = scorer("mkqa")
        run(one.update, part, {"en": en})
        parts.append(one)
    merged = parts[0].merge(parts[1])
    with pytest.raises(AnswermatchError, match="one part"):
        merged.compute()
