"""A smaller task core: explanations, gold checks and the row adapters are
optional parts; the services that need one say which when a task lacks it,
and the rest work from the core alone."""

from __future__ import annotations

import warnings
from typing import Any, ClassVar

import pytest

from answermatch import UnknownTaskError, evaluate
from answermatch.cli import main
from answermatch.dask import score_partition
from answermatch.diagnostics import Diagnostics
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.integrations.lm_eval import Metric
from answermatch.matchers import exact_match
from answermatch.report.build import build_report
from answermatch.significance import compare
from answermatch.tasks import available_tasks, get_task, register, unregister
from answermatch.tasks.base import Inputs, Scored, Task, make_signature, mean_of
from answermatch.tasks.parts import ChecksGold, Explains, TakesRows

CORE = {"read_gold", "read_predictions", "score", "aggregation"}
PARTS_METHODS = {
    "explain": Explains,
    "item_variants": Explains,
    "one_variant": Explains,
    "gold_entries": ChecksGold,
    "split_rows": TakesRows,
    "from_answers": TakesRows,
    "answers_field": TakesRows,
}


class CoreOnly(Task):
    name = "test-core-only"
    summary = "exact match, the core alone"
    primary = "em"
    profiles: ClassVar[dict[str, Any]] = {"official": None}

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> list[str]:
        return list(source)

    def read_predictions(self, source: Any, gold: Any, diag: Diagnostics, **options: Any) -> Any:
        return list(source)

    def score(self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any) -> Scored:
        items = [
            {"id": str(k), "score": exact_match(p, g)}
            for k, (g, p) in enumerate(zip(inputs.gold, inputs.predictions, strict=True))
        ]
        return Scored(items, make_signature(self.name, "official"))

    def aggregation(self, settings: Any, **options: Any) -> Any:
        return mean_of("score", key="em")


@pytest.fixture
def core_only():
    register(CoreOnly)
    yield CoreOnly.name
    unregister(CoreOnly.name)


def test_the_core_is_four_abstract_methods_and_the_parts_hold_the_rest():
    assert Task.__abstractmethods__ == CORE
    for method, part in PARTS_METHODS.items():
        assert not hasattr(Task, method), method
        assert hasattr(part, method), method
    assert not hasattr(Task, "gold_checks") and not hasattr(Task, "plain_answers")


def test_every_builtin_task_has_every_part():
    for name in available_tasks():
        task = get_task(name)
        assert isinstance(task, Explains | ChecksGold | TakesRows)
        assert task.describe()["parts"] == ["Explains", "ChecksGold", "TakesRows"], name
        assert task.describe()["gold_checks"] is True


def test_a_core_only_task_scores_compares_and_reports(core_only):
    gold, pred = ["Paris", "Rome"], ["paris", "Milan"]
    assert evaluate(core_only, gold, pred).scores == {"em": 50.0}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compared = compare(core_only, gold, [pred, gold], resamples=20)
    assert compared is not None
    report = build_report(core_only, gold, [pred, gold], profiles=["official"], top=2)
    assert report.findings == () and report.disagreements == () and not report.gold_checked
    assert get_task(core_only).describe()["parts"] == []


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda t: explain(t, ["a"], ["a"]), "explain needs explanations: task 'test-core-only' "
         "lacks the part answermatch.tasks.parts.Explains"),
        (lambda t: check_gold(t, ["a"]), "check-gold needs gold checks: .*parts\\.ChecksGold"),
        (lambda t: score_partition([{"id": "1", "prediction": "a"}], t, "official", {}),
         "answermatch.dask needs rows and plain answers: .*parts\\.TakesRows"),
        (lambda t: Metric(t), "lm-evaluation-harness metric needs rows .*parts\\.TakesRows"),
    ],
)  # fmt: skip
def test_a_service_names_the_part_a_task_lacks(core_only, call, message):
    with pytest.raises(UnknownTaskError, match=message):
        call(core_only)


def test_the_cli_says_which_part_is_missing(core_only, capsys, tmp_path):
    gold = tmp_path / "gold.json"
    gold.write_text('["a"]', encoding="utf-8")
    assert main(["check-gold", core_only, "--gold", str(gold)]) != 0
    err = capsys.readouterr().err
    assert "lacks the part answermatch.tasks.parts.ChecksGold" in err
    assert "Traceback" not in err
