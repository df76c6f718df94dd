"""Check the built HTML documentation.

Usage: ``python tools/check_docs.py docs/_build/html`` (run by ``tox -e docs``
after ``sphinx-build``). It parses the HTML and confirms that

* the guide pages, every task page (one per registered task), the languages
  page, the CLI reference and the API reference exist;
* every public name (``answermatch.__all__`` without ``__version__``) is
  documented in the API reference (an autodoc entry with the id
  ``answermatch.NAME``), and so is every public function of
  ``answermatch.ranking`` when that module exists;
* the languages page has a section (id ``lang-CODE``) and a generated token
  example (id ``tokens-CODE``) for every language;
* the CLI reference has a section for every sub-command of
  ``answermatch.cli.build_parser()``;
* every task page shows its formula as rendered MathML (at least one
  ``<math>`` element) and the pages of tasks with official figures have a
  parity table (or the note that the fixtures were absent);
* math is rendered to HTML everywhere: no raw LaTeX (``\\(``, ``\\[``,
  ``$$``, ``\\begin{``, or a command such as ``\\frac``) in any page's text
  outside code, no MathML ``<merror>``, no formula left unconverted, and no
  page loading MathJax (which would mean client-side rendering);
* no generated part of a page was replaced by a "Not generated" notice;
* every name :mod:`answermatch.plugin` gives is documented in the API
  reference (an autodoc entry whose id ends with ``.NAME``);
* the page on writing a task works alone: each of its code references
  resolves to a documented object, and it links to the example plugin's
  page;
* no page sends its reader to "the module documentation" (or its notes):
  it names the module, with a link.

It prints one line per problem and exits with status 1 if there is any,
0 otherwise (2 for bad usage).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

GUIDE_PAGES = (
    "index",
    "quickstart",
    "concepts",
    "languages",
    "cli",
    "api",
    "tasks/index",
    "write_a_task",
    "plugin_example",
)
#: The page on writing a task and the page of the example it links to.
TASK_PAGE, EXAMPLE_PAGE = "write_a_task", "plugin_example"
#: A reader sent to documentation the sentence does not link.
VAGUE_REFERENCE = re.compile(
    r"see the module(?:'s)?\s+(?:documentation|docs|notes)|\(module docs\)", re.IGNORECASE
)
LANGUAGES = ("ja", "zh", "vi", "pl", "ar", "bn", "fi", "ko", "ru", "te", "en")
# Tasks whose official figures are in the parity fixtures.
PARITY_TASKS = ("xor-full", "xor-engspan", "xor-retrieve", "poleval2021", "nlpcc-kbqa")

# Text in which LaTeX may legitimately appear verbatim.
CODE_TAGS = frozenset(
    {
        "pre",
        "code",
        "kbd",
        "samp",
        "tt",
        "script",
        "style",
        "textarea",
        "annotation",
        "annotation-xml",
    }
)
RAW_LATEX = re.compile(
    r"\\\(|\\\)|\\\[|\\\]"  # inline and display delimiters
    r"|\$\$"  # display dollars
    r"|\\(?:begin|end)\{"  # environments
    r"|\\[A-Za-z]{2,}"  # commands: \frac, \sum, \mathrm...
)


@dataclass(frozen=True)
class SiteSpec:
    """What the documentation must contain."""

    tasks: tuple[str, ...]
    public_names: tuple[str, ...]
    # Fully qualified names that must also be documented in the API reference.
    other_api_names: tuple[str, ...] = ()
    # Names answermatch.plugin gives, each documented in the API reference.
    plugin_names: tuple[str, ...] = ()
    languages: tuple[str, ...] = LANGUAGES
    subcommands: tuple[str, ...] = ()
    parity_tasks: tuple[str, ...] = PARITY_TASKS
    guide_pages: tuple[str, ...] = GUIDE_PAGES


@dataclass
class Page:
    """What the checks need from one HTML page."""

    ids: set[str] = field(default_factory=set)
    classes: set[str] = field(default_factory=set)
    tags: dict[str, int] = field(default_factory=dict)
    latex: list[str] = field(default_factory=list)
    mathjax: bool = False
    links: set[str] = field(default_factory=set)
    #: code references (``xref``) that link nowhere
    unresolved: list[str] = field(default_factory=list)
    vague: list[str] = field(default_factory=list)


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._code_depth = 0
        self._text: list[str] = []
        self._link_depth = 0
        self._xref: list[str] | None = None  # the text of an unlinked reference

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._flush()
        self.page.tags[tag] = self.page.tags.get(tag, 0) + 1
        values = dict(attrs)
        if values.get("id"):
            self.page.ids.add(values["id"] or "")
        classes = (values.get("class") or "").split()
        self.page.classes.update(classes)
        if tag == "a":
            self._link_depth += 1
            if values.get("href"):
                self.page.links.add((values.get("href") or "").split("#")[0])
        if tag == "code" and "xref" in classes and not self._link_depth:
            self._xref = []
        if tag == "script" and "mathjax" in (values.get("src") or "").lower():
            self.page.mathjax = True
        if tag in CODE_TAGS:
            self._code_depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in CODE_TAGS:
            self._code_depth -= 1

    def handle_endtag(self, tag: str) -> None:
        self._flush()
        if tag == "a" and self._link_depth:
            self._link_depth -= 1
        if tag == "code" and self._xref is not None:
            self.page.unresolved.append("".join(self._xref))
            self._xref = None
        if tag in CODE_TAGS and self._code_depth:
            self._code_depth -= 1

    def handle_data(self, data: str) -> None:
        if self._xref is not None:
            self._xref.append(data)
        if not self._code_depth:
            self._text.append(data)

    def _flush(self) -> None:
        # Text between two tags is checked as one piece, so "\" and "frac"
        # split by an entity are still caught.
        text = "".join(self._text)
        self._text.clear()
        vague = VAGUE_REFERENCE.search(" ".join(text.split()))
        if vague:
            self.page.vague.append(vague.group(0))
        match = RAW_LATEX.search(text)
        if match:  # one report per piece of text is enough to find it
            start = max(match.start() - 30, 0)
            self.page.latex.append(" ".join(text[start : match.end() + 30].split()))

    def close(self) -> None:
        super().close()
        self._flush()


def parse_page(html: str) -> Page:
    """Ids, classes, tag counts and raw-LaTeX snippets of one HTML page."""
    parser = _PageParser()
    parser.feed(html)
    parser.close()
    return parser.page


def _html_files(root: Path) -> Iterable[Path]:
    for path in sorted(root.rglob("*.html")):
        if "_sources" not in path.relative_to(root).parts:
            yield path


def check_site(root: Path, spec: SiteSpec) -> list[str]:
    """Every problem found in the HTML tree under ``root`` (empty: all good)."""
    if not root.is_dir():
        return [f"{root}: no such directory (build the HTML first)"]
    pages = {
        path.relative_to(root).with_suffix("").as_posix(): parse_page(
            path.read_text(encoding="utf-8", errors="replace")
        )
        for path in _html_files(root)
    }
    problems: list[str] = []
    task_pages = tuple(f"tasks/{task}" for task in spec.tasks)
    for name in (*spec.guide_pages, *task_pages):
        if name not in pages:
            problems.append(f"{name}.html: page missing")

    api = pages.get("api")
    if api is not None:
        for public in spec.public_names:
            if f"answermatch.{public}" not in api.ids:
                problems.append(f"api.html: public name answermatch.{public} is not documented")
        for qualified in spec.other_api_names:
            if qualified not in api.ids:
                problems.append(f"api.html: {qualified} is not documented")
        for name in spec.plugin_names:
            if not any(i.endswith(f".{name}") for i in api.ids):
                problems.append(f"api.html: answermatch.plugin's {name} is not documented")

    task_page = pages.get(TASK_PAGE)
    if task_page is not None:
        for text in task_page.unresolved:
            problems.append(f"{TASK_PAGE}.html: the reference {text!r} links nowhere")
        if f"{EXAMPLE_PAGE}.html" not in task_page.links:
            problems.append(f"{TASK_PAGE}.html: no link to the example plugin ({EXAMPLE_PAGE})")

    languages = pages.get("languages")
    if languages is not None:
        for lang in spec.languages:
            if f"lang-{lang}" not in languages.ids:
                problems.append(
                    f"languages.html: no section for language {lang!r} (id lang-{lang})"
                )
            if f"tokens-{lang}" not in languages.ids:
                problems.append(
                    f"languages.html: no generated token example for {lang!r} (id tokens-{lang})"
                )

    cli = pages.get("cli")
    if cli is not None:
        for sub in spec.subcommands:
            if f"answermatch-{sub}" not in cli.ids:
                problems.append(f"cli.html: no section for the sub-command {sub!r}")

    for task, name in zip(spec.tasks, task_pages, strict=True):
        page = pages.get(name)
        if page is None:
            continue
        if not page.tags.get("math"):
            problems.append(f"{name}.html: no rendered formula (no <math> element)")
        if task in spec.parity_tasks and not (
            {"answermatch-parity", "answermatch-parity-absent"} & page.classes
        ):
            problems.append(f"{name}.html: no parity table")

    for name, page in sorted(pages.items()):
        for snippet in page.latex:
            problems.append(f"{name}.html: raw LaTeX outside code: {snippet!r}")
        if page.tags.get("merror"):
            problems.append(f"{name}.html: {page.tags['merror']} MathML error(s) (<merror>)")
        if "math-error" in page.classes:
            problems.append(f"{name}.html: a formula could not be converted to MathML")
        if page.mathjax:
            problems.append(f"{name}.html: loads MathJax (math must be rendered at build time)")
        if "answermatch-not-generated" in page.classes:
            problems.append(f"{name}.html: generated content is missing ('Not generated')")
        for phrase in page.vague:
            problems.append(f"{name}.html: {phrase!r} names no module (link the module)")
    return problems


def _module_functions(module_name: str) -> tuple[str, ...]:
    """Qualified names of the public functions a module defines (none if absent)."""
    import importlib
    import importlib.util
    import inspect

    if importlib.util.find_spec(module_name) is None:
        return ()
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None) or [
        name
        for name, obj in vars(module).items()
        if inspect.isfunction(obj) and obj.__module__ == module_name
    ]
    return tuple(f"{module_name}.{name}" for name in names if not name.startswith("_"))


def spec_from_package() -> SiteSpec:
    """The requirements as the installed answermatch defines them."""
    import answermatch
    import answermatch.plugin as plugin
    from answermatch.cli import build_parser
    from answermatch.tasks import available_tasks

    subcommands: list[str] = []
    for action in build_parser()._actions:
        choices = getattr(action, "choices", None)
        if isinstance(choices, dict):  # the sub-parsers action
            subcommands += list(choices)
    return SiteSpec(
        tasks=tuple(available_tasks()),
        public_names=tuple(n for n in answermatch.__all__ if n != "__version__"),
        other_api_names=_module_functions("answermatch.ranking"),
        plugin_names=tuple(plugin.__all__),
        subcommands=tuple(subcommands),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check the built HTML documentation.")
    parser.add_argument("html_dir", type=Path, help="the HTML output, e.g. docs/_build/html")
    args = parser.parse_args(argv)
    problems = check_site(args.html_dir, spec_from_package())
    if problems:
        print(f"check_docs: {len(problems)} problem(s) in {args.html_dir}:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    print(f"check_docs: {args.html_dir} is complete (no problems found)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
