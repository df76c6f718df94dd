"""Text-processing facts made by answermatch itself at build time.

``.. answermatch-presets::`` is a table of the normalization presets (name
and description, from ``answermatch.normalization.PRESETS``).

``.. answermatch-tokens:: LANG``: token examples.

Each line of the directive's content is an example text. At build time the
directive runs ``answermatch.tokenizers`` on it, in every mode of that
language's tokenizer (or the modes named by ``:modes:``), and shows the
tokenizer's signature (library, version, dictionary) and the tokens. The
examples cannot drift from the code: they are the code's output. A tokenizer
that cannot be loaded is a build warning (an error under ``-W``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from am_common import error_paragraph, mark_dynamic
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)


def _table(headers: list[str], rows: list[list[nodes.Node]], widths: list[int]) -> nodes.table:
    table = nodes.table(classes=["answermatch-tokens"])
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += nodes.row("", *(nodes.entry("", nodes.paragraph(text=h)) for h in headers))
    body = nodes.tbody()
    group += body
    for cells in rows:
        body += nodes.row("", *(nodes.entry("", cell) for cell in cells))
    return table


def _cell(text: str, *, literal: bool = False) -> nodes.paragraph:
    para = nodes.paragraph()
    para += nodes.literal(text=text) if literal else nodes.Text(text)
    return para


class TokensDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"modes": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        mark_dynamic(self.env)
        lang = self.arguments[0]
        texts = [line.strip() for line in self.content if line.strip()]
        try:
            from answermatch.tokenizers import get_tokenizer

            tokenizer = get_tokenizer(lang)
            modes = self.options.get("modes", "").split() or list(tokenizer.modes)
            rows = [
                [
                    _cell(text),
                    _cell(mode, literal=True),
                    _cell(repr(tokenizer.tokenize(text, mode)), literal=True),
                ]
                for text in texts
                for mode in modes
            ]
            signature = tokenizer.signature()
        except Exception as exc:  # any failure must be loud, not a silently empty example
            message = f"cannot tokenize the {lang!r} examples: {type(exc).__name__}: {exc}"
            logger.warning(message, location=self.get_location(), type="answermatch")
            return [error_paragraph(message)]
        intro = nodes.paragraph()
        intro += nodes.Text("Tokenizer signature: ")
        intro += nodes.literal(text=signature)
        table = _table(["Text", "Mode", "Tokens (generated at build time)"], rows, [30, 8, 62])
        container = nodes.container(classes=["answermatch-tokens"], ids=[f"tokens-{lang}"])
        container += [intro, table]
        return [container]


class PresetsDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        mark_dynamic(self.env)
        from answermatch.normalization import PRESETS

        rows = [
            [_cell(name, literal=True), _cell(PRESETS[name].description)]
            for name in sorted(PRESETS)
        ]
        return [_table(["Preset", "Steps (generated at build time)"], rows, [15, 85])]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("answermatch-presets", PresetsDirective)
    app.setup_extension("am_common")
    app.add_directive("answermatch-tokens", TokensDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
