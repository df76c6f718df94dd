"""Reports people would rather look at than read (the service behind
``answermatch report``).

:func:`build_report` scores one or more systems under the task's profiles
(``official`` and ``fair`` side by side where the task has both), with
bootstrap intervals, finds the items where the systems disagree most and
explains them, and runs the gold checks. :func:`render_html` makes one
self-contained HTML page of it (styles, the inline SVG charts and a small
script inline; nothing loaded from the network); :func:`render_table`
prints the per-language table as Markdown, LaTeX or CSV for papers.
"""

from .build import Report, SystemRun, build_report
from .html import render_html
from .tables import TABLE_FORMATS, render_table

__all__ = ["TABLE_FORMATS", "Report", "SystemRun", "build_report", "render_html", "render_table"]
