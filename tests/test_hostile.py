"""Random bytes, random JSON and random Unicode through every task's readers
and every subcommand that reads files: an exit status of 0, 1 or 2, never a
traceback, and an output file either untouched or whole."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.cli import main
from answermatch.tasks import available_tasks
from examples import EXAMPLE_FILES, EXAMPLE_OPTIONS

pytestmark = pytest.mark.slow

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
CONTENT = st.one_of(
    st.binary(max_size=400),
    JSON.map(lambda v: json.dumps(v).encode()),
    st.lists(JSON, max_size=5).map(lambda vs: "".join(json.dumps(v) + "\n" for v in vs).encode()),
    st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.lists(st.text(max_size=20), max_size=6).map(
        lambda cells: "\t".join(cells).encode("utf-8", "surrogatepass")
    ),
)


def run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse
        return int(exc.code or 0)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    task=st.sampled_from(sorted(EXAMPLE_FILES)),
    gold=CONTENT,
    pred=CONTENT,
    real_gold=st.booleans(),
)
def test_no_traceback_and_no_half_written_output(task, gold, pred, real_gold, capsys):
    assert task in available_tasks()
    example_gold, example_pred = EXAMPLE_FILES[task]
    options = [f"--option={k}={v}" for k, v in EXAMPLE_OPTIONS.get(task, {}).items()]
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        gold_path = base / example_gold.name
        pred_path = base / example_pred.name
        gold_path.write_bytes(example_gold.read_bytes() if real_gold else gold)
        pred_path.write_bytes(pred)
        items = base / "items.jsonl"
        items.write_text("old\n", encoding="utf-8")
        files = ["--gold", str(gold_path), "--pred", str(pred_path)]
        codes = [
            run(["score", task, *files, "--items", str(items), "-q", *options]),
            run(["explain", task, *files, "--limit", "3", "-q", *options]),
            run(["check-gold", task, "--gold", str(gold_path)]),
        ]
        assert all(code in (0, 1, 2) for code in codes), codes
        text = items.read_text(encoding="utf-8")
        if text != "old\n":
            for line in text.split("\n")[:-1]:  # not splitlines: U+0085 may be in a record
                json.loads(line)  # every record whole
        assert sorted(p.name for p in base.iterdir()) == sorted(
            {gold_path.name, pred_path.name, "items.jsonl"}
        )
    capsys.readouterr()
