"""Render ``:math:`` and ``.. math::`` to MathML at build time.

Sphinx's default HTML math renderer (MathJax) leaves the LaTeX in the page
for JavaScript to typeset when the page is read, which needs a network and
leaves raw LaTeX behind for readers without JavaScript. This extension turns
each formula into MathML while the site is built (with the pure-Python
``latex2mathml`` package), so browsers show it natively and offline.

A formula that ``latex2mathml`` cannot convert completely (it would leave a
backslash command or a bare ``&`` behind) is reported as a warning, which
``sphinx-build -W`` turns into an error.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.locale import _
from sphinx.util import logging
from sphinx.util.math import get_node_equation_number
from sphinx.writers.html5 import HTML5Translator

logger = logging.getLogger(__name__)

# What a complete conversion never leaves in the MathML text: a TeX command,
# a TeX delimiter or an unescaped ampersand (from an alignment the converter
# did not understand).
_LEFTOVER = re.compile(r"\\[A-Za-z]+|\\[()\[\]{}]|&(?![#A-Za-z0-9]+;)")


def to_mathml(latex: str, *, display: str) -> str:
    """MathML for ``latex``; raises ``ValueError`` if the conversion is incomplete."""
    from latex2mathml.converter import convert

    try:
        mathml = convert(latex.strip(), display=display)
    except Exception as exc:  # latex2mathml raises several of its own exception types
        raise ValueError(f"cannot convert {latex!r} to MathML: {exc}") from exc
    text_only = re.sub(r"<[^>]*>", "", mathml)
    leftover = _LEFTOVER.search(text_only)
    if leftover:
        raise ValueError(
            f"cannot convert {latex!r} to MathML: {leftover.group(0)!r} left unconverted"
        )
    return mathml


def _convert(self: HTML5Translator, node: nodes.Element, latex: str, display: str) -> str:
    try:
        return to_mathml(latex, display=display)
    except ValueError as exc:
        logger.warning("%s", exc, location=node, type="mathml")
        return f'<code class="math-error">{self.encode(latex)}</code>'


def visit_inline(self: HTML5Translator, node: nodes.math) -> None:
    self.body.append(self.starttag(node, "span", "", CLASS="math"))
    self.body.append(_convert(self, node, node.astext(), "inline"))
    self.body.append("</span>")
    raise nodes.SkipNode


def visit_block(self: HTML5Translator, node: nodes.math_block) -> None:
    self.body.append(self.starttag(node, "div", CLASS="math"))
    if node["number"]:
        number = get_node_equation_number(self, node)
        self.body.append(f'<span class="eqno">({number})')
        self.add_permalink_ref(node, _("Link to this equation"))
        self.body.append("</span>")
    # Blank-line-separated parts are separate equations, one per line.
    for part in (p for p in node.astext().split("\n\n") if p.strip()):
        self.body.append(_convert(self, node, part, "block"))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_html_math_renderer("mathml", (visit_inline, None), (visit_block, None))
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
