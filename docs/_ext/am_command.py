"""``.. answermatch-command:: ARGS``: a command and the output it really prints.

The directive runs ``answermatch ARGS`` (through ``answermatch.cli.main``)
at build time, in a temporary copy of the folder given by ``:cwd:``
(relative to the page's own folder, so files the command writes never land
in the sources), and shows the command and its standard output as a console
session; ``:show-file: NAME`` then shows a file the command wrote. An exit
status other than ``:returncode:`` (default 0) is a build warning (an error
under ``-W``), so a documented command that stops working fails the build.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import shutil
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from am_common import error_paragraph, mark_dynamic
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)


def run_cli(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run ``answermatch.cli.main(argv)`` in ``cwd``; (status, stdout, stderr)."""
    from answermatch.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exc:  # argparse exits on usage errors
                status = exc.code if isinstance(exc.code, int) else 1
    finally:
        os.chdir(old)
    return status, out.getvalue(), err.getvalue()


class CommandDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {
        "cwd": directives.unchanged,
        "returncode": directives.nonnegative_int,
        "stderr": directives.flag,
        "show-file": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        mark_dynamic(self.env)
        command = " ".join(self.arguments[0].split())
        page_dir = Path(self.env.doc2path(self.env.docname)).parent
        cwd = (page_dir / self.options.get("cwd", ".")).resolve()
        expected = self.options.get("returncode", 0)
        with tempfile.TemporaryDirectory(prefix="answermatch-docs-") as tmp:
            work = Path(tmp) / "work"
            shutil.copytree(cwd, work)
            try:
                status, out, err = run_cli(shlex.split(command), work)
            except Exception as exc:  # a crash must fail the build, not vanish
                status, out, err = None, "", f"{type(exc).__name__}: {exc}"
            shown_file = self.options.get("show-file")
            written = None
            if shown_file and (work / shown_file).is_file():
                written = (work / shown_file).read_text(encoding="utf-8")
        if status != expected:
            message = (
                f"'answermatch {command}' (in {cwd}) exited with {status}, "
                f"expected {expected}: {err.strip()[-500:]}"
            )
            logger.warning(message, location=self.get_location(), type="answermatch")
            return [error_paragraph(message)]
        shown = out + (err if "stderr" in self.options else "")
        text = f"$ answermatch {command}\n{shown.rstrip()}".rstrip()
        nodes_out: list[nodes.Node] = [
            nodes.literal_block(text, text, language="console", classes=["answermatch-command"])
        ]
        if shown_file:
            if written is None:
                message = f"'answermatch {command}' did not write {shown_file}"
                logger.warning(message, location=self.get_location(), type="answermatch")
                return [error_paragraph(message)]
            caption = f"{shown_file} (written by the command above)"
            block = nodes.literal_block(written, written, language="json")
            container = nodes.container("", literal_block=True, classes=["literal-block-wrapper"])
            container += nodes.caption(caption, caption)
            container += block
            nodes_out.append(container)
        return nodes_out


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("am_common")
    app.add_directive("answermatch-command", CommandDirective)
    return {"version": "1.0", "parallel_read_safe": False, "parallel_write_safe": True}
