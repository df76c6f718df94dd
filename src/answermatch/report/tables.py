"""The per-language table of a report, for papers: Markdown, LaTeX or CSV.

Rows are the languages (then ``all``: the task's overall scores), columns
every score of each system under each profile, the primary first, headed by
their names; cells are percentages with two decimals and the 95% interval
where one was computed.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable

from .build import Report, SystemRun

__all__ = ["TABLE_FORMATS", "render_table", "table_rows"]


def table_rows(report: Report, *, intervals: bool = True) -> list[list[str]]:
    """The header row, then one row per language and the ``all`` row; a
    column per system, profile and score (the primary first), headed
    ``system (profile) score``."""
    columns = _columns(report)
    header = ["language", *(f"{s.name} ({p}) {metric}" for s, p, metric in columns)]
    rows = [header]

    def cell(system, profile, metric: str, lang: str | None) -> str:
        result = system.results[profile]
        if lang is None:
            value = result.scores.get(metric)
            bounds = None if result.intervals is None else result.intervals["scores"].get(metric)
        else:
            value = result.per_language.get(lang, {}).get(metric)
            bounds = (
                None
                if result.intervals is None
                else result.intervals["per_language"].get(lang, {}).get(metric)
            )
        if value is None:
            return ""
        text = f"{value:.2f}"
        if intervals and bounds is not None:
            text += f" [{bounds[0]:.2f}, {bounds[1]:.2f}]"
        return text

    for lang in report.languages():
        rows.append([lang, *(cell(s, p, m, lang) for s, p, m in columns)])
    rows.append(["all", *(cell(s, p, m, None) for s, p, m in columns)])
    return rows


def _columns(report: Report) -> list[tuple[SystemRun, str, str]]:
    """``(system, profile, score)`` of every column, in order."""
    metrics = report.metrics()
    return [(s, p, m) for s in report.systems for p in report.profiles for m in metrics]


def _markdown_cell(text: str) -> str:
    r"""A cell's text that cannot end its cell or row: ``\`` and ``|``
    escaped, line breaks as spaces.

    >>> print(_markdown_cell("a|b\\c\nd"))
    a\|b\\c d
    """
    text = text.replace("\\", "\\\\").replace("|", "\\|")
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


def _markdown(rows: list[list[str]]) -> str:
    cells = [[_markdown_cell(c) for c in row] for row in rows]
    lines = ["| " + " | ".join(cells[0]) + " |", "|" + "---|" * len(cells[0])]
    lines += ["| " + " | ".join(row) + " |" for row in cells[1:]]
    return "\n".join(lines)


_LATEX_SPECIAL = {c: "\\" + c for c in "&%$#_{}"}
_LATEX_SPECIAL.update(
    {"~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "\\": r"\textbackslash{}"}
)


def _latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(c, c) for c in text)


def _latex(rows: list[list[str]], report: Report | None = None) -> str:
    """A booktabs table; with ``report``, a header of two rows: each system
    and profile over its scores, then the scores' names."""
    spec = "l" + "r" * (len(rows[0]) - 1)
    body = [" & ".join(_latex_escape(c) for c in row) + r" \\" for row in rows]
    head = [body[0]]
    if report is not None:
        metrics = report.metrics()
        groups = [
            rf"\multicolumn{{{len(metrics)}}}{{c}}{{{_latex_escape(f'{s.name} ({p})')}}}"
            for s in report.systems
            for p in report.profiles
        ]
        rules = " ".join(
            rf"\cmidrule(lr){{{2 + k * len(metrics)}-{1 + (k + 1) * len(metrics)}}}"
            for k in range(len(groups))
        )
        names = [_latex_escape(m) for _ in groups for m in metrics]
        head = [
            " & ".join(["", *groups]) + r" \\",
            rules,
            " & ".join(["language", *names]) + r" \\",
        ]
    return "\n".join(
        [
            rf"\begin{{tabular}}{{{spec}}}",
            r"\toprule",
            *head,
            r"\midrule",
            *([*body[1:-1], r"\midrule"] if len(body) > 2 else []),
            body[-1],
            r"\bottomrule",
            r"\end{tabular}",
        ]
    )


#: a number as the tables write it (a cell a spreadsheet may read as a formula is not one)
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?( \[[-+]?\d+(\.\d+)?, [-+]?\d+(\.\d+)?\])?")


def _csv_cell(text: str) -> str:
    """A cell a spreadsheet will not run: text starting with ``=``, ``+``,
    ``-``, ``@`` (or a tab or carriage return) gets a leading ``'``, unless
    it is one of the table's numbers.

    >>> _csv_cell("=HYPERLINK(1)"), _csv_cell("-1.50"), _csv_cell("@sum")
    ("'=HYPERLINK(1)", '-1.50', "'@sum")
    """
    if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def _csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([[_csv_cell(c) for c in row] for row in rows])
    return out.getvalue().rstrip("\n")


#: format name -> renderer of the table rows
TABLE_FORMATS: dict[str, Callable[[list[list[str]]], str]] = {
    "markdown": _markdown,
    "latex": _latex,
    "csv": _csv,
}


def render_table(report: Report, fmt: str) -> str:
    """The per-language table in ``fmt`` (``markdown``, ``latex`` or ``csv``):
    every score of every system under every profile, with intervals."""
    rows = table_rows(report)
    if fmt == "latex":
        return _latex(rows, report)
    return TABLE_FORMATS[fmt](rows)
