"""The resampling engines: the pure-Python and numpy engines give the
numbers of a naive ``random.Random`` resampling, bit for bit, and the
resampling loops show a progress bar."""

from __future__ import annotations

import io
import random
import re
import sys

import pytest

from answermatch.errors import AnswermatchError, MissingExtraError
from answermatch.resampling import _generator, resolve_engine
from answermatch.result import Result
from answermatch.significance import (
    aggregation_of,
    approximate_randomization,
    bootstrap_summaries,
    compare_results,
    confidence_intervals,
    paired_bootstrap,
)
from answermatch.tasks.base import Aggregation, Summary

ENGINES = ("python", "numpy")
LANGS = ("ar", "bn", "fi", "ja", "ko", "ru", "te")


def xor_items(seed: int, n: int) -> list[dict]:
    """XOR-Full-like items: languages interleaved irregularly, awkward floats."""
    rng = random.Random(seed)
    items = []
    for k in range(n):
        f1 = rng.random() / 3
        items.append({"id": k, "lang": LANGS[(k * k + k // 7) % 7], "score": f1, "f1": f1,
                      "em": float(f1 > 0.2), "bleu": f1 * 0.7})  # fmt: skip
    return items


def xor_aggregation() -> Aggregation:
    empty = Result(task="xor-full", profile="official", scores={}, per_language={}, n=0,
                   signature="")  # fmt: skip
    return aggregation_of(empty)


def with_rows() -> Aggregation:
    """A grouped aggregation that also reads every row (order-sensitive)."""

    def combine(totals, rows):
        weighted = 0.0
        for position, row in enumerate(rows):
            weighted += row[0] * (position % 5)
        per = {key: {"m": sums[0] / count} for key, (count, sums) in totals.items()}
        return Summary({"m": weighted + sum(v["m"] for v in per.values())}, per)

    return Aggregation(statistics=lambda item: (item["f1"], item["bleu"]), combine=combine,
                       primary="m", group=lambda item: item["lang"], rows=True)  # fmt: skip


def naive_bootstrap(aggregation, systems, resamples, seed):
    """The definition: positions int(random() * n) of random.Random(seed), in
    group order, sorted; each group's statistics added one by one from 0.0."""
    n = len(systems[0])
    keys = [aggregation.group(item) if aggregation.group else None for item in systems[0]]
    first_seen = list(dict.fromkeys(keys))
    order = sorted(range(n), key=lambda k: first_seen.index(keys[k]))
    draw = random.Random(seed).random
    out = [[] for _ in systems]
    for _ in range(resamples):
        picks = sorted(int(draw() * n) for _ in range(n))
        for s, items in enumerate(systems):
            totals, rows = {}, []
            for p in picks:
                item = items[order[p]]
                stats = aggregation.statistics(item)
                key = keys[order[p]]
                count, sums = totals.get(key, (0, [0.0] * len(stats)))
                for j, value in enumerate(stats):
                    sums[j] += value
                totals[key] = (count + 1, sums)
                rows.append(tuple(stats))
            totals = {k: (c, tuple(v)) for k, (c, v) in sorted(
                totals.items(), key=lambda kv: first_seen.index(kv[0]))}  # fmt: skip
            out[s].append(aggregation.combine(totals, rows if aggregation.rows else None))
    return out


def naive_randomization(aggregation, a, b, trials, seed):
    """The definition: item k's outputs swapped when random() < 0.5, sums in item order."""

    def score(take_a):
        totals, rows = {}, []
        for k, take in enumerate(take_a):
            item = a[k] if take else b[k]
            stats = aggregation.statistics(item)
            key = aggregation.group(item) if aggregation.group else None
            count, sums = totals.get(key, (0, [0.0] * len(stats)))
            for j, value in enumerate(stats):
                sums[j] += value
            totals[key] = (count + 1, sums)
            rows.append(tuple(stats))
        totals = {k: (c, tuple(v)) for k, (c, v) in totals.items()}
        return aggregation.combine(totals, rows if aggregation.rows else None).scores[
            aggregation.primary
        ]

    observed = abs(score([False] * len(a)) - score([True] * len(a)))
    draw = random.Random(seed).random
    differences = []
    for _ in range(trials):
        swap = [draw() < 0.5 for _ in a]
        differences.append(score(swap) - score([not s for s in swap]))
    p_value = (1 + sum(abs(d) >= observed for d in differences)) / (trials + 1)
    return differences, p_value


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("aggregation", [xor_aggregation, with_rows], ids=["xor", "rows"])
def test_bootstrap_gives_the_naive_resampling_bit_for_bit(engine, aggregation):
    agg = aggregation()
    systems = [xor_items(seed, 401) for seed in (1, 2, 3)]
    expected = naive_bootstrap(agg, systems, 30, seed=9)
    got = bootstrap_summaries(agg, systems, resamples=30, seed=9, engine=engine)
    assert got == expected  # every score and per-language figure, exactly


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("aggregation", [xor_aggregation, with_rows], ids=["xor", "rows"])
def test_randomization_gives_the_naive_test_bit_for_bit(engine, aggregation):
    agg = aggregation()
    a, b = xor_items(4, 303), xor_items(5, 303)
    differences, p_value = naive_randomization(agg, a, b, 40, seed=3)
    seen = []
    combine = agg.combine

    def spy(totals, rows):
        summary = combine(totals, rows)
        seen.append(summary.scores[agg.primary])
        return summary

    spied = Aggregation(agg.statistics, spy, agg.primary, agg.group, agg.rows)
    assert approximate_randomization(spied, a, b, trials=40, seed=3, engine=engine) == p_value
    shuffled = seen[2:]  # after the two unshuffled scores: (system, baseline) per trial
    assert [s - t for s, t in zip(shuffled[::2], shuffled[1::2], strict=True)] == differences
    assert 0 < p_value < 1


def test_the_engines_agree_on_pooled_intervals_and_p_values():
    from answermatch.tasks.base import mean_of

    rng = random.Random(8)
    items = [{"id": k, "score": rng.random() ** 3} for k in range(2000)]
    result = Result("t", "official", {"em": 100 * sum(i["score"] for i in items) / 2000}, {},
                    2000, "task:t", items)  # fmt: skip
    agg = mean_of("score", key="em")
    python, numpy = (
        confidence_intervals(result, resamples=200, seed=2, aggregation=agg, engine=e)
        for e in ENGINES
    )
    assert python == numpy
    other = [{"id": k, "score": min(1.0, i["score"] * 1.1)} for k, i in enumerate(items)]
    boots = [paired_bootstrap(agg, [items, other], resamples=100, seed=5, engine=e)
             for e in ENGINES]  # fmt: skip
    assert boots[0] == boots[1] and boots[0][0] != boots[0][1]


def test_numpy_generator_continues_the_python_random_stream():
    python = random.Random(12345)
    generator = _generator(12345)
    for size in (1, 623, 624, 1500):  # across the 624-word state refreshes
        assert generator.random(size).tolist() == [python.random() for _ in range(size)]


def test_engines_by_name(monkeypatch):
    assert resolve_engine("python") == "python"
    assert resolve_engine("auto") == "numpy"  # numpy comes with the test extras
    with pytest.raises(AnswermatchError, match="unknown resampling engine 'gpu'"):
        resolve_engine("gpu")
    monkeypatch.setitem(sys.modules, "numpy", None)  # as if numpy were not installed
    assert resolve_engine("auto") == "python"
    with pytest.raises(MissingExtraError, match=re.escape('pip install "answermatch[stats]"')):
        resolve_engine("numpy")
    items = xor_items(1, 50)
    assert paired_bootstrap(xor_aggregation(), [items], resamples=5, seed=1)  # pure fallback


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _poleval(scores: list[float]) -> Result:
    items = [{"id": k, "score": s} for k, s in enumerate(scores)]
    return Result("poleval2021", "official", {"accuracy": 100 * sum(scores) / len(scores)},
                  {}, len(items), "task:poleval2021|profile:official", items)  # fmt: skip


@pytest.mark.parametrize("test,desc", [("bootstrap", "bootstrap"), ("ar", "randomization")])
def test_resampling_draws_a_bar_on_a_terminal_only(monkeypatch, test, desc):
    a, b = _poleval([1, 0, 1, 0] * 10), _poleval([1, 1, 1, 0] * 10)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    compare_results([a, b], resamples=60, seed=1, test=test, progress=True)
    last = terminal.getvalue().rstrip("\n").split("\r")[-1]
    assert last.startswith(f"{desc} [") and " 60/60 " in last
    quiet = Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    compare_results([a, b], resamples=60, seed=1, test=test, progress=False)
    assert quiet.getvalue() == ""
    piped = io.StringIO()  # not a terminal: no bar even when asked
    monkeypatch.setattr(sys, "stderr", piped)
    compare_results([a, b], resamples=60, seed=1, test=test, progress=True)
    assert piped.getvalue() == ""


@pytest.mark.parametrize("test,desc", [("bootstrap", "bootstrap"), ("ar", "randomization")])
def test_a_long_pure_python_run_names_the_stats_extra(monkeypatch, test, desc):
    import answermatch.significance as significance

    a, b = _poleval([1, 0, 1, 0] * 10), _poleval([1, 1, 1, 0] * 10)
    monkeypatch.setattr(significance, "SLOW_WORK", 40 * 60)  # "long" for this test
    for engine, named in (("python", True), ("numpy", False)):
        terminal = Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        compare_results([a, b], resamples=60, seed=1, test=test, progress=True, engine=engine)
        last = terminal.getvalue().rstrip("\n").split("\r")[-1]
        assert last.startswith(desc)
        assert ('"answermatch[stats]"' in last) is named
    monkeypatch.setattr(significance, "SLOW_WORK", 40 * 60 + 1)  # just short of it
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    compare_results([a, b], resamples=60, seed=1, test=test, progress=True, engine="python")
    assert "answermatch[stats]" not in terminal.getvalue()


@pytest.mark.parametrize("command", ["compare", "score"])
def test_cli_shows_the_resampling_bar_unless_quiet(monkeypatch, capsys, command):
    from answermatch.cli import main
    from examples import EXAMPLE_FILES

    gold, pred = EXAMPLE_FILES["poleval2021"]
    argv = [command, "poleval2021", "--gold", str(gold), "--pred", str(pred)]
    argv += ["--pred", str(pred)] if command == "compare" else ["--ci"]
    argv += ["--resamples", "50"]
    for extra, shown in (([], True), (["--quiet"], False)):
        terminal = Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        assert main(argv + extra) == 0
        assert ("bootstrap [" in terminal.getvalue()) is shown
        assert ("50/50" in terminal.getvalue()) is shown
    assert "95% CI" in capsys.readouterr().out
