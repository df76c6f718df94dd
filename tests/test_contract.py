"""The task contract and the services built on it, on a task defined here.

Every service (evaluate, explain, check-gold, compare, the CLI) must work on
a task it has never heard of: these tests register one at run time.
"""

from __future__ import annotations

import json

import pytest

from answermatch import InputError, UnknownOptionError, UnknownTaskError, evaluate
from answermatch.cli import main
from answermatch.errors import SmallSampleWarning, UnknownProfileError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.registry import Registry
from answermatch.significance import compare_results
from answermatch.tasks import available_tasks, get_task, register, unregister
from answermatch.tasks.base import Aggregation, Summary, Totals, merge_totals
from toy_tasks import GOLD, Capitals


@pytest.fixture(scope="module", autouse=True)
def capitals():
    yield register(Capitals, replace=True)
    unregister(Capitals.name)


def test_a_task_registered_at_run_time_is_listed_and_found():
    assert "test-capitals" in available_tasks()
    assert isinstance(get_task("test-capitals"), Capitals)
    with pytest.raises(ValueError, match="already registered"):
        register(Capitals)


def test_scores_come_from_the_aggregation_of_the_items():
    result = evaluate("test-capitals", GOLD, {"1": "Paris", "2": "lyon", "3": "Warsaw"})
    # fr: (1 + 0) / 2 = 50, pl: 100 -> mean of the language means
    assert result.scores == {"em": 75.0}
    assert result.per_language == {"fr": {"em": 50.0, "count": 2}, "pl": {"em": 100.0, "count": 1}}
    fair = evaluate("test-capitals", GOLD, {"1": "Paris", "2": "lyon", "3": "Warsaw"}, "fair")
    assert fair.scores == {"em": 100.0} and fair.profile == "fair"
    assert result.options == {} and result.primary == 75.0


def test_options_are_checked_and_passed_to_the_task():
    penalised = evaluate("test-capitals", GOLD, {"1": "Paris"}, penalty=0.5)
    assert penalised.scores == {"em": 12.5} and penalised.options == {"penalty": 0.5}
    with pytest.raises(UnknownOptionError, match="its options: penalty"):
        evaluate("test-capitals", GOLD, {}, bogus=1)


def test_an_unknown_profile_has_its_own_error():
    with pytest.raises(UnknownProfileError, match="its profiles: official, fair"):
        evaluate("test-capitals", GOLD, {}, "lenient")
    assert not issubclass(UnknownProfileError, UnknownTaskError)


def test_totals_merge_like_the_items_they_sum():
    aggregation = get_task("test-capitals").aggregation(Capitals.profiles["official"])
    items = evaluate("test-capitals", GOLD, {"1": "Paris", "3": "Warsaw"}).items
    merged = merge_totals(aggregation.totals(items[:1]), aggregation.totals(items[1:]))
    assert merged == aggregation.totals(items)
    assert aggregation.combine(merged, None).scores == {"em": 75.0}


def test_explain_by_default_scores_each_variant_alone():
    [e] = explain("test-capitals", GOLD, {"3": "Warsaw"}, ids=["3"])
    assert e.scores["score"] == 1.0
    assert [(v.text.raw, v.matched) for v in e.variants] == [("Warszawa", False), ("Warsaw", True)]
    assert len(explain("test-capitals", GOLD, {}, limit=2)) == 2
    with pytest.raises(InputError, match="no item with id 9"):
        explain("test-capitals", GOLD, {}, ids=["9"])
    with pytest.raises(InputError, match="0 or more"):
        explain("test-capitals", GOLD, {}, limit=-1)


def test_check_gold_reads_with_the_task_reader():
    codes = [f.code for f in check_gold("test-capitals", GOLD)]
    assert codes == ["duplicate-variant"]
    [finding] = check_gold("test-capitals", [("1", "fr")])
    assert (finding.severity, finding.code, finding.line) == ("error", "unreadable", 1)
    warned = check_gold("test-capitals", [("1", "fr", [])])
    assert [(f.severity, f.code) for f in warned] == [("warning", "reader-warning")]


def test_compare_resamples_with_the_task_aggregation():
    a = evaluate("test-capitals", GOLD, {"1": "Paris"})
    b = evaluate("test-capitals", GOLD, {"1": "Paris", "2": "Lyon", "3": "Warsaw"})
    with pytest.warns(SmallSampleWarning, match="only 3 paired items"):
        comparison = compare_results([a, b], names=["a", "b"], resamples=50, seed=3)
    assert [s.score for s in comparison.systems] == [25.0, 100.0]
    assert comparison.systems[1].difference == 75.0


def test_rows_reach_combine_when_the_aggregation_asks_for_them():
    seen: list = []

    def combine(totals: Totals, rows: list | None) -> Summary:
        seen.append(rows)
        return Summary({"best": max(r[0] for r in rows)})

    agg = Aggregation(lambda i: (i["score"],), combine, "best", rows=True)
    assert agg.score([{"score": 0.25}, {"score": 0.5}]) == 0.5
    assert seen == [[(0.25,), (0.5,)]]


def test_the_cli_describes_every_task_as_json(capsys):
    assert main(["tasks", "--json"]) == 0
    described = {t["name"]: t for t in json.loads(capsys.readouterr().out)}
    assert described["test-capitals"]["options"] == {
        "penalty": "subtracted from every item's score"
    }
    assert described["test-capitals"]["shapes"]["predictions"] == "{id: str}"


def test_a_broken_entry_point_is_a_clear_error():
    class Broken:
        name, value = "broken", "no_such_module_for_answermatch:Task"

        def load(self):
            raise ModuleNotFoundError("No module named 'no_such_module_for_answermatch'")

    registry: Registry[object] = Registry("task", "x", lambda n, v: v, UnknownTaskError)
    registry._entry_points = {"broken": Broken()}  # what importlib.metadata would give
    with pytest.raises(UnknownTaskError, match="could not be loaded from no_such_module"):
        registry.get("broken")


def test_swapped_gold_and_predictions_are_named_as_such():
    class Strict(Capitals):
        name = "test-strict-capitals"

        def read_predictions(self, source, gold, diag, **options):
            if not isinstance(source, dict):
                raise InputError("expected a dict {id: answer}", path="<object>")
            return source

        def read_gold(self, source, diag, **options):
            if not isinstance(source, (list, dict)):
                raise InputError("expected a list", path="<object>")
            return super().read_gold(
                list(source.items()) if isinstance(source, dict) else source, diag
            )

    register(Strict, replace=True)
    try:
        with pytest.raises(InputError) as in_memory:  # objects: a swap is not the likely cause
            evaluate("test-strict-capitals", {"1": "Paris"}, GOLD)
        assert "swapped" not in str(in_memory.value)
    finally:
        unregister(Strict.name)
