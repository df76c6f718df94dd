"""Keeps the API reference complete.

* After all pages are read, every name in ``answermatch.__all__`` (but
  ``__version__``) must be documented as ``answermatch.NAME`` by autodoc;
  each one missing is a build warning (an error under ``-W``). A public
  function that cannot be imported fails autodoc itself, also loudly.
* ``.. answermatch-automodule-if-present:: MODULE`` documents ``MODULE``
  with ``automodule`` (``:members:`` passed on) when it is part of the installed package
  and says it is not available otherwise (for modules still being written).
"""

from __future__ import annotations

import importlib.util
from typing import Any, ClassVar

from am_common import mark_dynamic
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)


def public_names() -> list[str]:
    """``answermatch.__all__`` without ``__version__``."""
    import answermatch

    return [name for name in answermatch.__all__ if name != "__version__"]


def undocumented(documented: set[str]) -> list[str]:
    """Public names whose ``answermatch.NAME`` is not among ``documented``."""
    return [name for name in public_names() if f"answermatch.{name}" not in documented]


def _check(app: Sphinx, env: BuildEnvironment) -> None:
    documented = {obj[0] for obj in env.get_domain("py").get_objects()}
    for name in undocumented(documented):
        logger.warning(
            "public name answermatch.%s is not documented in the API reference "
            "(add an autodoc directive for it to docs/api.rst)",
            name,
            type="answermatch",
        )


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


class AutomoduleIfPresent(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"members": directives.flag}

    def run(self) -> list[nodes.Node]:
        mark_dynamic(self.env)
        module = self.arguments[0]
        if not _module_exists(module):
            return [nodes.paragraph(text=f"{module} is not part of this version.")]
        source, line = self.get_source_info()
        text = [f".. automodule:: {module}"] + (
            ["   :members:"] if "members" in self.options else []
        )
        lines = StringList(text, items=[(source, line or 0)] * len(text))
        container = nodes.container()
        self.state.nested_parse(lines, self.content_offset, container)
        return container.children


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("am_common")
    app.connect("env-check-consistency", _check)
    app.add_directive("answermatch-automodule-if-present", AutomoduleIfPresent)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
