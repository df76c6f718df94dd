"""Sphinx configuration of the answermatch documentation.

Build: ``tox -e docs``, or by hand::

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest
    python tools/check_docs.py docs/_build/html

Everything that shows answermatch's behaviour (token examples, command
output, parity tables, the CLI and API references) is generated at build
time from the installed package by the extensions in ``docs/_ext``.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

from answermatch import __version__

project = "answermatch"
author = "answermatch developers"
copyright = "answermatch developers"
release = __version__
version = ".".join(__version__.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinxarg.ext",
    "mathml_math",
    "am_api",
    "am_command",
    "am_parity",
    "am_tasks",
    "am_tokens",
]

exclude_patterns = ["_build", "_ext", "examples", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

# Re-read on every build (besides the pages of our own generating directives).
answermatch_always_reread = ["cli"]

# HTML: furo, math rendered to MathML at build time (no JavaScript, no network).
html_theme = "furo"
html_title = f"answermatch {release}"
html_math_renderer = "mathml"
html_static_path = ["_static"]
html_css_files = ["answermatch.css"]
html_copy_source = False
html_show_sourcelink = False

# autodoc: the public API is documented under the names users import.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"exclude-members": "__init__, __new__"}

# doctest: the pages' doctest blocks and the ``>>>`` examples of every
# docstring that autodoc pulls in are run, with the flags pytest uses.
doctest_test_doctest_blocks = "default"
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# ``DOCS`` lets a page's doctests find the example files next to it.
doctest_global_setup = f"import answermatch\nDOCS = {str(Path(__file__).resolve().parent)!r}"

# Broken cross-references are errors too.
nitpicky = False
smartquotes = False  # "--ci" in the CLI reference stays two hyphens, copy-pastable
