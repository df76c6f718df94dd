"""``.. answermatch-parity:: TASK``: answermatch's figures next to the official ones.

Content lines name prediction fixtures under the parity folder
(``../shared/parity`` beside the repository, or ``$ANSWERMATCH_PARITY_DIR``);
``:gold:`` names the gold fixture. For each prediction the directive reads
the official figures from the ``*.official.json`` beside it, runs
``answermatch.evaluate(TASK, gold, pred)`` at build time, and builds a
table: headline scores (official, answermatch, absolute difference), then
the largest difference over the per-language figures and the count of equal
per-item verdicts where the official file has them. Nothing is copied by
hand: if the figures drift, the table shows it, and a difference above 1e-9
is a build warning (an error under ``-W``). When the parity folder is absent
the table says so instead.

Results are cached in ``docs/_build/.parity-cache`` keyed by the fixtures'
sizes and times and a hash of answermatch's source, so the HTML and doctest
builds share one run of the slow fixtures.

``.. answermatch-fair-deltas:: TASK`` (same ``:gold:`` and content lines)
measures the ``fair`` profile against ``official`` on the fixtures: one row
per fixture for ``official``, for ``fair``, and for each difference alone.
``:reader: NAME`` reads official files in another layout through
``parity_readers/NAME.py`` (a function ``official(path, options)``).

``:changes:`` lists the differences, separated by ``;``, each as
``label: field field...``: the named fields of the task's ``fair`` settings
copied into its ``official`` settings (``dataclasses.replace``), scored by
the task's :meth:`~answermatch.tasks.base.Task.evaluate` with that settings
object. ``:scores:`` names the
score keys shown (default: all).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any, ClassVar

from am_common import error_paragraph, mark_dynamic, repo_root
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

TOLERANCE = 1e-9  # percent units, as in the parity tests
MAX_PROBLEMS = 8  # per fixture: enough to see the pattern


def parity_dir(root: Path) -> Path:
    """Where the fixtures are: ``$ANSWERMATCH_PARITY_DIR`` or ``../shared/parity``."""
    return Path(os.environ.get("ANSWERMATCH_PARITY_DIR", root.parent / "shared" / "parity"))


def official_file(pred: Path) -> Path:
    """``full_pred_1.json`` -> ``full_pred_1.official.json``; ``x.out.tsv`` and
    ``x.json.gz`` lose both suffixes."""
    name = pred.name
    while "." in name:
        name = name.rsplit(".", 1)[0]
        candidate = pred.with_name(name + ".official.json")
        if candidate.exists():
            return candidate
    return pred.with_name(pred.name + ".official.json")


def official_reader(name: str | None) -> Any:
    """How a fixture's ``*.official.json`` becomes ``{"scores", "per_language",
    "per_item", "n"}``: as it is by default; ``:reader: NAME`` calls
    ``official(path, options)`` of ``parity_readers/NAME.py`` beside this
    file, for official files laid out as the official script printed them."""
    if not name:
        return lambda path, options: json.loads(path.read_text(encoding="utf-8"))
    import importlib

    return importlib.import_module(f"parity_readers.{name}").official


def _source_hash() -> str:
    import answermatch

    digest = hashlib.sha256(sys.version.encode())
    package = Path(answermatch.__file__).parent
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _fixture_key(*paths: Path) -> str:
    return "|".join(f"{p}:{p.stat().st_size}:{p.stat().st_mtime_ns}" for p in paths)


def run_answermatch(
    task: str, gold: Path, pred: Path, options: dict[str, Any], cache_dir: Path
) -> dict[str, Any]:
    """answermatch's figures for one fixture (cached)."""
    key_text = json.dumps([task, _fixture_key(gold, pred), options, _source_hash()])
    key = hashlib.sha256(key_text.encode()).hexdigest()[:32]
    cached = cache_dir / f"{task}-{key}.json"
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8"))
    import answermatch

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = answermatch.evaluate(task, str(gold), str(pred), **options)
    figures = {
        "scores": dict(result.scores),
        "per_language": {k: dict(v) for k, v in result.per_language.items()},
        "item_scores": [item.get("score") for item in result.items],
        "n": result.n,
        "warnings": len(caught),
    }
    cache_dir.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(figures), encoding="utf-8")
    return figures


def compare(official: dict[str, Any], mine: dict[str, Any]) -> dict[str, Any]:
    """Headline rows, per-language max |diff|, per-item agreement, problems."""
    problems: list[str] = []
    rows = []
    for key, value in official.get("scores", {}).items():
        got = mine["scores"].get(key)
        diff = None if got is None else abs(got - value)
        if diff is None or diff > TOLERANCE:
            problems.append(f"{key}: official {value!r}, answermatch {got!r}")
        rows.append((key, value, got, diff))
    if "n" in official and official["n"] != mine["n"]:
        problems.append(f"n: official {official['n']!r}, answermatch {mine['n']!r}")
    lang_diffs = []
    for lang, figures in official.get("per_language", {}).items():
        for key, value in figures.items():
            got = mine["per_language"].get(lang, {}).get(key)
            diff = None if got is None else abs(got - value)
            if diff is None or diff > TOLERANCE:
                problems.append(f"{lang} {key}: official {value!r}, answermatch {got!r}")
            lang_diffs.append(float("inf") if diff is None else diff)
    items = None
    if "per_item" in official:
        expected = [float(v) for v in official["per_item"]]
        got_items = [None if v is None else float(v) for v in mine["item_scores"]]
        equal = sum(a == b for a, b in zip(expected, got_items, strict=False))
        if equal != len(expected) or len(got_items) != len(expected):
            problems.append(
                f"per-item verdicts: {equal} of {len(expected)} equal "
                f"({len(got_items)} items scored)"
            )
        items = (equal, len(expected))
    if len(problems) > MAX_PROBLEMS:
        problems[MAX_PROBLEMS:] = [f"... and {len(problems) - MAX_PROBLEMS} more differences"]
    return {
        "rows": rows,
        "lang": lang_diffs,
        "items": items,
        "n": (official["n"], mine["n"]) if "n" in official else None,
        "problems": problems,
    }


def _fmt(value: float | None) -> str:
    return "missing" if value is None else repr(value)


def _fmt_diff(diff: float | None) -> str:
    if diff is None or diff == float("inf"):
        return "missing"
    return "0" if diff == 0 else f"{diff:.1e}"


def _row(*cells: str, literal: bool = True) -> nodes.row:
    row = nodes.row()
    for i, text in enumerate(cells):
        para = nodes.paragraph()
        para += nodes.literal(text=text) if literal and i > 0 and text else nodes.Text(text)
        row += nodes.entry("", para)
    return row


def build_table(results: list[tuple[str, dict[str, Any]]]) -> nodes.table:
    headers = ["Fixture", "Figure", "Official", "answermatch", "|diff|"]
    table = nodes.table(classes=["answermatch-parity"])
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in (28, 16, 20, 20, 16):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    head += _row(*headers, literal=False)
    group += head
    body = nodes.tbody()
    group += body
    for fixture, cmp in results:
        for key, value, got, diff in cmp["rows"]:
            body += _row(fixture, key, _fmt(value), _fmt(got), _fmt_diff(diff))
        if cmp["n"] is not None:
            n_official, n_mine = cmp["n"]
            body += _row(
                fixture,
                "n (items averaged)",
                str(n_official),
                str(n_mine),
                "0" if n_official == n_mine else "differs",
            )
        if cmp["lang"]:
            body += _row(
                fixture,
                f"{len(cmp['lang'])} per-language figures",
                "",
                "",
                _fmt_diff(max(cmp["lang"])),
            )
        if cmp["items"] is not None:
            equal, total = cmp["items"]
            body += _row(
                fixture,
                "per-item verdicts",
                str(total),
                f"{equal} equal",
                "0" if equal == total else f"{total - equal} differ",
            )
    return table


class ParityDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "gold": directives.unchanged_required,
        "option": directives.unchanged,
        "reader": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        mark_dynamic(self.env)
        task = self.arguments[0]
        read_official = official_reader(self.options.get("reader"))
        root = repo_root(self.env)
        base = parity_dir(root)
        if not base.is_dir():
            para = nodes.paragraph(
                text=(
                    f"The parity fixtures were absent when this page was built "
                    f"(looked in {base}), so answermatch's figures are not shown. "
                    "Build the docs with the shared folder beside the repository "
                    "(or ANSWERMATCH_PARITY_DIR set) to fill this table."
                )
            )
            return [nodes.note("", para, classes=["answermatch-parity-absent"])]
        options = dict(
            pair.split("=", 1) for pair in self.options.get("option", "").split() if pair
        )
        gold = base / self.options["gold"]
        cache_dir = Path(self.env.app.confdir) / "_build" / ".parity-cache"
        results, problems = [], []
        for line in (c.strip() for c in self.content if c.strip()):
            pred = base / line
            try:
                official = read_official(official_file(pred), options)
                mine = run_answermatch(task, gold, pred, options, cache_dir)
            except Exception as exc:  # a missing task or a crash must fail the build
                problems.append(f"{line}: {type(exc).__name__}: {exc}")
                continue
            cmp = compare(official, mine)
            problems += [f"{line}: {p}" for p in cmp["problems"]]
            results.append((line, cmp))
        out: list[nodes.Node] = []
        if results:
            out.append(build_table(results))
        for problem in problems:
            message = f"parity of {task}: {problem}"
            logger.warning(message, location=self.get_location(), type="answermatch")
            out.append(error_paragraph(message))
        return out


def run_profile(
    task: str, gold: Path, pred: Path, fields: tuple[str, ...], cache_dir: Path
) -> dict[str, float]:
    """The scores of ``task`` under ``official`` with ``fields`` taken from
    ``fair`` (none: official; ``("*",)``: the fair profile itself), cached."""
    key_text = json.dumps(["fair-deltas", task, _fixture_key(gold, pred), fields, _source_hash()])
    key = hashlib.sha256(key_text.encode()).hexdigest()[:32]
    cached = cache_dir / f"{task}-fair-{key}.json"
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8"))
    import dataclasses

    from answermatch.diagnostics import Diagnostics
    from answermatch.tasks import get_task

    spec = get_task(task)
    official, fair = spec.settings("official"), spec.settings("fair")
    if fields == ("*",):
        profile: Any = "fair"
    elif not fields:
        profile = "official"
    else:
        profile = dataclasses.replace(official, **{f: getattr(fair, f) for f in fields})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = spec.evaluate(str(gold), str(pred), profile, diag=Diagnostics())
    scores = dict(result.scores)
    cache_dir.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(scores), encoding="utf-8")
    return scores


class FairDeltasDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "gold": directives.unchanged_required,
        "changes": directives.unchanged,
        "scores": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        mark_dynamic(self.env)
        task = self.arguments[0]
        base = parity_dir(repo_root(self.env))
        if not base.is_dir():
            para = nodes.paragraph(
                text=f"The parity fixtures were absent when this page was built (looked in "
                f"{base}), so the official and fair figures are not shown."
            )
            return [nodes.note("", para, classes=["answermatch-parity-absent"])]
        rules: list[tuple[str, tuple[str, ...]]] = [("official", ()), ("fair", ("*",))]
        for change in self.options.get("changes", "").split(";"):
            if change.strip():
                label, _, fields = change.partition(":")
                rules.append((f"official + {label.strip()}", tuple(fields.split())))
        keys = self.options.get("scores", "").split()
        gold = base / self.options["gold"]
        cache_dir = Path(self.env.app.confdir) / "_build" / ".parity-cache"
        rows: list[tuple[str, str, list[str]]] = []
        try:
            for line in (c.strip() for c in self.content if c.strip()):
                baseline: dict[str, float] = {}
                for label, fields in rules:
                    scores = run_profile(task, gold, base / line, fields, cache_dir)
                    keys = keys or list(scores)
                    baseline = baseline or scores
                    cells = [
                        f"{scores[k]:.2f}"
                        + ("" if not fields else f" ({scores[k] - baseline[k]:+.2f})")
                        for k in keys
                    ]
                    rows.append((line, label, cells))
        except Exception as exc:  # a crash must fail the build
            message = f"fair deltas of {task}: {type(exc).__name__}: {exc}"
            logger.warning(message, location=self.get_location(), type="answermatch")
            return [error_paragraph(message)]
        headers = ["Fixture", "Profile / rule", *keys]
        table = nodes.table(classes=["answermatch-fair-deltas"])
        group = nodes.tgroup(cols=len(headers))
        table += group
        for width in (28, 30, *([18] * len(keys))):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += _row(*headers, literal=False)
        group += head
        body = nodes.tbody()
        group += body
        for fixture, label, cells in rows:
            body += _row(fixture, label, *cells, literal=False)
        return [table]


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("am_common")
    app.add_directive("answermatch-parity", ParityDirective)
    app.add_directive("answermatch-fair-deltas", FairDeltasDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
