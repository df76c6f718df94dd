"""Task facts read from answermatch's task registry at build time.

``.. answermatch-tasks::`` is a table of every registered task (name,
summary, headline score, languages, profiles); ``.. answermatch-task-facts::
NAME`` lists one task's summary, headline score, profiles, languages and
options. Both come from the ``TaskSpec`` each task module defines, so the
pages cannot disagree with the code; a task that cannot be loaded is a build
warning (an error under ``-W``).
"""

from __future__ import annotations

from typing import Any

from am_common import error_paragraph, mark_dynamic
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)


def _literals(values: list[str] | tuple[str, ...]) -> nodes.paragraph:
    para = nodes.paragraph()
    for i, value in enumerate(values):
        if i:
            para += nodes.Text(", ")
        para += nodes.literal(text=value)
    if not values:
        para += nodes.Text("none")
    return para


def _entry(*children: nodes.Node) -> nodes.entry:
    return nodes.entry("", *children)


class TasksTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        mark_dynamic(self.env)
        from answermatch.tasks import available_tasks, get_task

        headers = ["Task", "What is scored", "Headline", "Languages", "Profiles"]
        table = nodes.table(classes=["answermatch-tasks"])
        group = nodes.tgroup(cols=len(headers))
        table += group
        for width in (16, 44, 10, 18, 12):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        head += nodes.row("", *(_entry(nodes.paragraph(text=h)) for h in headers))
        body = nodes.tbody()
        group += body
        out: list[nodes.Node] = [table]
        for name in available_tasks():
            try:
                spec = get_task(name)
            except Exception as exc:  # a registered task that cannot load is a defect
                message = f"task {name!r} cannot be loaded: {type(exc).__name__}: {exc}"
                logger.warning(message, location=self.get_location(), type="answermatch")
                out.append(error_paragraph(message))
                continue
            link = addnodes.pending_xref(
                "",
                nodes.inline(text=name),
                refdomain="std",
                reftype="doc",
                reftarget=f"/tasks/{name}",
                refexplicit=True,
            )
            body += nodes.row(
                "",
                _entry(nodes.paragraph("", "", link)),
                _entry(nodes.paragraph(text=spec.summary)),
                _entry(_literals([spec.primary])),
                _entry(_literals(list(spec.languages))),
                _entry(_literals(list(spec.profiles))),
            )
        return out


class TaskFacts(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        mark_dynamic(self.env)
        name = self.arguments[0]
        try:
            from answermatch.tasks import get_task

            spec = get_task(name)
        except Exception as exc:
            message = f"task {name!r} cannot be loaded: {type(exc).__name__}: {exc}"
            logger.warning(message, location=self.get_location(), type="answermatch")
            return [error_paragraph(message)]
        fields = nodes.field_list(classes=["answermatch-task-facts"])

        def add(label: str, body: nodes.Node) -> None:
            fields.append(nodes.field("", nodes.field_name(text=label), nodes.field_body("", body)))

        add("Task", _literals([spec.name]))
        add("Summary", nodes.paragraph(text=spec.summary))
        add("Headline score", _literals([spec.primary]))
        add("Profiles", _literals(list(spec.profiles)))
        add("Languages", _literals(list(spec.languages)))
        if spec.options:
            options = nodes.bullet_list()
            for key, text in spec.options.items():
                para = nodes.paragraph()
                para += nodes.literal(text=key)
                para += nodes.Text(f": {text}")
                options += nodes.list_item("", para)
            add("Options", options)
        else:
            add("Options", nodes.paragraph(text="none"))
        return [fields]


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("am_common")
    app.add_directive("answermatch-tasks", TasksTable)
    app.add_directive("answermatch-task-facts", TaskFacts)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
