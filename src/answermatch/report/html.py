"""One self-contained HTML page of a report: no network, no CDN; styles,
inline SVG charts and a small script inline (see :mod:`answermatch.report`).

The numbers the page shows are embedded as JSON (``<script
type="application/json" id="answermatch-data">``); the page's script checks
that every bar of the charts carries the value the JSON gives and marks the
page ``data-consistent="true"``, which the browser test reads.
"""

from __future__ import annotations

import html
import json
from typing import Any

from ..outputs import finite
from .build import Report, SystemRun
from .tables import table_rows

__all__ = ["render_html"]

PALETTE = ("#3b6fb6", "#d9822b", "#3a9d5d", "#b8475a", "#7d5ba6", "#8c6d3f", "#3aa3a3")

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 70em;
       color: #1d232b; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: .2em; } h2 { margin-top: 1.6em; }
.sub { color: #5a6470; margin-top: 0; }
table { border-collapse: collapse; margin: .6em 0; }
th, td { padding: .3em .7em; border-bottom: 1px solid #dde2e8; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3f5f8; }
.charts { display: flex; flex-wrap: wrap; gap: 1.5em; }
figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: .3em; }
.legend span { display: inline-block; margin-right: 1em; }
.legend i { display: inline-block; width: .9em; height: .9em; margin-right: .3em;
            vertical-align: -.1em; }
pre { background: #f6f8fa; padding: .6em; overflow-x: auto; font-size: 13px; }
table.item { border-left: 3px solid #d9822b; margin: 1em 0; min-width: 40em; }
caption { text-align: left; padding: .3em .7em; font-weight: 600; }
td.text, th.text { text-align: left; max-width: 36em; overflow-wrap: anywhere; }
small { color: #5a6470; }
.sev-error { color: #b8475a; font-weight: 600; } .sev-warning { color: #a86a16; }
code.sig { font-size: 12px; color: #5a6470; word-break: break-all; }
.wide { overflow-x: auto; max-width: 100%; }
#languages th { max-width: 14em; overflow-wrap: anywhere; vertical-align: bottom; }
#languages td, #headline td { white-space: nowrap; }
#languages th:first-child { white-space: nowrap; overflow-wrap: normal; }
#languages td:first-child, #languages th:first-child { position: sticky; left: 0;
                                                        background: #fff; }
"""

SCRIPT = """
(function () {
  var data = JSON.parse(document.getElementById("answermatch-data").textContent);
  var ok = true, bars = document.querySelectorAll("rect.bar");
  bars.forEach(function (bar) {
    var system = data.systems[Number(bar.dataset.system)];
    var result = system.results[bar.dataset.profile];
    var value = result.per_language[bar.dataset.lang][data.primary];
    if (Math.abs(value - Number(bar.dataset.value)) > 1e-9) { ok = false; }
  });
  var charted = document.querySelector("svg.chart") !== null;
  document.body.dataset.consistent = String(ok && (bars.length > 0 || !charted));
  document.body.dataset.bars = String(bars.length);
})();
"""


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _u(value: Any) -> str:
    """User text (a name, an id, a message) escaped and isolated, so that
    a right-to-left override in it cannot reorder the page around it."""
    return f"<bdi>{_e(value)}</bdi>"


def _svg_u(value: Any) -> str:
    """User text inside SVG (no ``<bdi>`` there): between the first-strong
    isolate and pop-directional-isolate characters."""
    return f"\u2068{_e(value)}\u2069"


def embedded_json(data: Any) -> str:
    """``data`` as JSON safe inside a ``<script>`` element: ``<``, ``>``
    and ``&`` as ``\\u`` escapes, so that no text in it (``</script>``,
    ``<!--``) can end the element or change how the page parses it.

    >>> embedded_json({"id": "<!--<script>"})
    '{"id": "\\\\u003c!--\\\\u003cscript\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _chart(report: Report, profile: str, width: int = 640, height: int = 260) -> str:
    """A grouped bar chart (inline SVG): a group per language, a bar per
    system, whiskers for the 95% intervals where computed."""
    langs = report.languages()
    primary = report.primary
    left, bottom, top = 40, 30, 10
    plot_w, plot_h = width - left - 10, height - bottom - top
    group_w = plot_w / len(langs)
    bar_w = max(2.0, min(28.0, (group_w - 8) / max(1, len(report.systems))))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{_e(primary)} per language, {_e(profile)}">'
    ]
    for tick in range(0, 101, 25):
        y = top + plot_h * (1 - tick / 100)
        parts.append(
            f'<line x1="{left}" x2="{width - 10}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e3e7ec"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end">{tick}</text>'
        )
    for g, lang in enumerate(langs):
        x0 = left + g * group_w + (group_w - bar_w * len(report.systems)) / 2
        for s, system in enumerate(report.systems):
            result = system.results[profile]
            value = result.per_language.get(lang, {}).get(primary)
            if value is None:
                continue
            x = x0 + s * bar_w
            y = top + plot_h * (1 - value / 100)
            colour = PALETTE[s % len(PALETTE)]
            parts.append(
                f'<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{bar_w - 1:.1f}" '
                f'height="{top + plot_h - y:.1f}" fill="{colour}" data-system="{s}" '
                f'data-profile="{_e(profile)}" data-lang="{_e(lang)}" data-value="{value!r}">'
                f"<title>{_svg_u(system.name)} {_svg_u(lang)}: {value:.2f}</title></rect>"
            )
            bounds = _bounds(system, profile, lang, primary)
            if bounds is not None:
                cx = x + (bar_w - 1) / 2
                y1, y2 = (top + plot_h * (1 - b / 100) for b in bounds)
                parts.append(
                    f'<path class="whisker" d="M{cx:.1f},{y1:.1f}V{y2:.1f}M{cx - 3:.1f},{y1:.1f}'
                    f'h6M{cx - 3:.1f},{y2:.1f}h6" stroke="#1d232b" stroke-width="1"/>'
                )
        parts.append(
            f'<text x="{left + g * group_w + group_w / 2:.1f}" y="{height - 10}" '
            f'font-size="12" text-anchor="middle">{_svg_u(lang)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _bounds(system: SystemRun, profile: str, lang: str, key: str) -> tuple[float, float] | None:
    intervals = system.results[profile].intervals
    if intervals is None:
        return None
    if lang == "all":
        return intervals["scores"].get(key)
    return intervals["per_language"].get(lang, {}).get(key)


def _headline(report: Report) -> str:
    """Every score of every system under every profile, with its 95% interval."""
    keys = report.metrics()
    head = "".join(f"<th>{_e(k)} ({_e(p)})</th>" for p in report.profiles for k in keys)
    rows = []
    for system in report.systems:
        cells = []
        for profile in report.profiles:
            result = system.results[profile]
            for key in keys:
                value = result.scores.get(key)
                bounds = _bounds(system, profile, "all", key)
                text = "" if value is None else f"{value:.2f}"
                if bounds is not None:
                    text += f" <small>[{bounds[0]:.2f}, {bounds[1]:.2f}]</small>"
                cells.append(f'<td class="score" data-key="{_e(key)}">{text}</td>')
        rows.append(f"<tr><td>{_u(system.name)}</td>{''.join(cells)}</tr>")
    return (
        f"<div class='wide'><table id='headline'><tr><th>system</th>{head}</tr>"
        f"{''.join(rows)}</table></div>"
    )


def _paired(report: Report) -> str:
    """With two or more systems: each system's paired difference from the
    first in the primary score, with its 95% interval and p-value, per profile."""
    notes = "".join(f"<p class='sub'>{_u(text)}</p>" for text in report.notes)
    if not report.comparisons:
        return notes
    baseline = _u(report.systems[0].name)
    rows = []
    for profile, comparison in report.comparisons.items():
        for system in comparison.systems[1:]:
            rows.append(
                f"<tr><td>{_u(system.name)}</td><td>{_e(profile)}</td>"
                f"<td>{system.score:.2f}</td>{_paired_cells(system)}</tr>"
            )
    comparison = next(iter(report.comparisons.values()))
    return (
        f"<h2>Against {baseline}</h2>"
        "<table id='paired'><tr><th>system</th><th>profile</th>"
        f"<th>{_e(report.primary)}</th><th>Δ {_e(report.primary)} [95% interval]</th>"
        f"<th>p-value</th></tr>{''.join(rows)}</table>"
        f"<p class='sub'>Δ: the difference from {baseline} on the same {comparison.n} items; "
        f"p-value: two-sided paired bootstrap test of no difference ({comparison.resamples} "
        f"resamples, seed {comparison.seed}; <code>answermatch compare</code>).</p>{notes}"
    )


def _paired_cells(system: Any) -> str:
    low, high = system.difference_ci
    return (
        f"<td class='delta'>{system.difference:+.2f} <small>[{low:+.2f}, {high:+.2f}]</small>"
        f"</td><td class='p-value'>{_p(system.p_value)}</td>"
    )


def _p(value: float) -> str:
    """A p-value as papers print it.

    >>> _p(0.0009990009990009), _p(0.0312), _p(1.0)
    ('&lt; 0.001', '0.031', '1.000')
    """
    return "&lt; 0.001" if value < 0.001 else f"{value:.3f}"


def _language_table(report: Report) -> str:
    rows = table_rows(report)
    out = ["<div class='wide'><table id='languages'>"]
    out.append("<tr>" + "".join(f"<th>{_u(c)}</th>" for c in rows[0]))
    out += ["<tr>" + "".join(f"<td>{_u(c)}</td>" for c in row) + "</tr>" for row in rows[1:]]
    out.append("</table></div>")
    return "".join(out)


def _warnings(report: Report) -> str:
    """What each system's scoring warned about (missing predictions, say),
    once per system, without its file name (the row says whose it is)."""
    out = []
    for system in report.systems:
        out += [f"<li><b>{_u(system.name)}</b>: {_u(w)}</li>" for w in system.warnings()]
    if not out:
        return ""
    return "<h2>Warnings</h2><ul id='warnings'>" + "".join(out) + "</ul>"


def _disagreements(report: Report) -> str:
    """The items the systems score most differently, one table each: the
    gold answers, then each system's answer, verdict and score."""
    if not report.disagreements:
        return "<p>Only one system, or no item scored differently.</p>"
    out = [
        f"<p class='sub'>The {len(report.disagreements)} items whose {_e(report.primary)} "
        f"differs most between the systems ({_e(report.profiles[0])} profile).</p>"
    ]
    for item in report.disagreements:
        lang = item.lang()
        gold = " | ".join(_u(text) for text in item.gold()) or "<i>none</i>"
        rows = []
        for name, score in item.scores.items():
            found = item.explanations.get(name)
            answer = (
                "<i>no answer</i>"
                if found is None or found.prediction is None
                else _u(found.prediction.raw)
            )
            verdict = "" if found is None else _e(found.verdict)
            rows.append(
                f"<tr><td>{_u(name)}</td><td class='text'>{answer}</td><td>{verdict}</td>"
                f"<td>{score:.2f}</td></tr>"
            )
        out.append(
            f"<table class='item'><caption>item <code>{_u(item.id)}</code>"
            f"{'' if lang is None else f' ({_u(lang)})'}: gold {gold}</caption>"
            "<tr><th>system</th><th class='text'>answer</th><th>verdict</th><th>score</th></tr>"
            f"{''.join(rows)}</table>"
        )
    return "".join(out)


def _findings(report: Report) -> str:
    """The gold checks in brief: how many findings of each kind, with the
    first few of each (``answermatch check-gold`` lists them all)."""
    if not report.gold_checked:
        return "<p>This task has no gold checks.</p>"
    if not report.findings:
        return "<p>No finding: the gold file passed every check.</p>"
    rows = []
    for severity, code, count, examples in report.finding_summary():
        shown = "<br>".join(
            (f"line {f.line}: " if f.line is not None else "") + _u(f.message) for f in examples
        )
        more = (
            f"<br><small>and {count - len(examples)} more</small>" if count > len(examples) else ""
        )
        rows.append(
            f"<tr><td class='sev-{_e(severity)}'>{_e(severity)}</td><td>{_e(code)}</td>"
            f"<td>{count}</td><td class='text'>{shown}{more}</td></tr>"
        )
    return (
        f"<p class='sub'>{len(report.findings)} finding{'s' * (len(report.findings) != 1)} "
        "in the gold file; "
        "<code>answermatch check-gold</code> lists them all.</p>"
        "<table id='findings'><tr><th>severity</th><th>kind</th><th>count</th>"
        f"<th class='text'>first examples</th></tr>{''.join(rows)}</table>"
    )


def _per_language(report: Report) -> str:
    """The section per language: a chart per profile and the table when the
    results have two languages or more; the table alone for one; nothing
    for results without languages (the scores above are all there is)."""
    langs = report.languages()
    if not langs:
        return ""
    if len(langs) == 1:
        return f"<h2>Per language</h2>\n{_language_table(report)}"
    legend = "".join(
        f'<span><i style="background:{PALETTE[s % len(PALETTE)]}"></i>{_u(system.name)}</span>'
        for s, system in enumerate(report.systems)
    )
    charts = "".join(
        f"<figure><figcaption>{_e(report.primary)} per language, {_e(profile)}</figcaption>"
        f"{_chart(report, profile)}</figure>"
        for profile in report.profiles
    )
    return (
        f'<h2>Per language</h2>\n<p class="legend">{legend}</p>\n'
        f'<div class="charts">{charts}</div>\n{_language_table(report)}'
    )


def render_html(report: Report) -> str:
    """The report as one self-contained HTML page."""
    signatures = "".join(
        f"<li><code class='sig'>{_e(r.signature)}</code></li>"
        for r in report.systems[0].results.values()
    )
    data = embedded_json(finite(report.to_dict()))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>answermatch report: {_e(report.task)}</title>
<style>{STYLE}</style></head>
<body>
<h1>{_e(report.task)}</h1>
<p class="sub">{_e(report.summary)}<br>gold: <code>{_u(report.gold)}</code></p>
<h2>Scores</h2>
{_headline(report)}
{_paired(report)}
{_warnings(report)}
{_per_language(report)}
<h2>Where the systems disagree most</h2>
{_disagreements(report)}
<h2>Gold checks</h2>
{_findings(report)}
<h2>Signatures</h2>
<ul>{signatures}</ul>
<script type="application/json" id="answermatch-data">{data}</script>
<script>{SCRIPT}</script>
</body></html>
"""
