"""The documentation checker (tools/check_docs.py) on tiny synthetic HTML trees.

Each test starts from a complete site, breaks one thing and asserts that the
checker reports exactly that, so the check is shown to fail when it should.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "tools" / "check_docs.py"
_SPEC = importlib.util.spec_from_file_location("check_docs", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
check_docs = importlib.util.module_from_spec(_SPEC)
sys.modules["check_docs"] = check_docs
_SPEC.loader.exec_module(check_docs)

SPEC = check_docs.SiteSpec(
    tasks=("alpha", "beta"),
    public_names=("evaluate", "Result"),
    other_api_names=("answermatch.ranking.mrr",),
    languages=("ja", "en"),
    subcommands=("score", "tasks"),
    parity_tasks=("alpha",),
)
MATH = '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>'


def _html(body: str, head: str = "") -> str:
    return f"<!DOCTYPE html><html><head>{head}</head><body>{body}</body></html>"


def complete_pages() -> dict[str, str]:
    """A site that satisfies SPEC: page name -> HTML."""
    pages = {name: _html(f"<h1>{name}</h1>") for name in check_docs.GUIDE_PAGES}
    pages["api"] = _html(
        '<dt id="answermatch.evaluate">evaluate()</dt><dt id="answermatch.Result">Result</dt>'
        '<dt id="answermatch.ranking.mrr">mrr()</dt>'
        '<dt id="answermatch.tasks.base.Scored">Scored</dt>'
    )
    pages["languages"] = _html(
        "".join(
            f'<section id="x-{lang}"><span id="lang-{lang}"></span>'
            f'<div id="tokens-{lang}"><code>tokens</code></div></section>'
            for lang in SPEC.languages
        )
    )
    pages["cli"] = _html(
        '<section id="answermatch-score"></section><section id="answermatch-tasks"></section>'
    )
    pages["write_a_task"] = _html(
        '<p>Subclass <a href="api.html#answermatch.Task"><code class="xref py">Task</code></a>;'
        ' the example: <a href="plugin_example.html">plugin</a>.</p>'
    )
    pages["tasks/alpha"] = _html(f'<p>F1 is {MATH}</p><table class="answermatch-parity"></table>')
    pages["tasks/beta"] = _html(f'<div class="math">{MATH}</div>')
    return pages


def write_site(root: Path, pages: dict[str, str]) -> Path:
    for name, html in pages.items():
        path = root / f"{name}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    return root


def problems_with(tmp_path: Path, **changes: str | None) -> list[str]:
    """Problems of the complete site with some pages replaced (None: removed)."""
    pages = complete_pages()
    for name, html in changes.items():
        name = name.replace("__", "/")
        if html is None:
            del pages[name]
        else:
            pages[name] = html
    return check_docs.check_site(write_site(tmp_path, pages), SPEC)


def test_complete_site_has_no_problem(tmp_path):
    assert problems_with(tmp_path) == []


def test_missing_output_directory(tmp_path):
    problems = check_docs.check_site(tmp_path / "nowhere", SPEC)
    assert len(problems) == 1 and "no such directory" in problems[0]


@pytest.mark.parametrize("page", ["tasks__beta", "languages", "api", "index", "tasks__index"])
def test_missing_page(tmp_path, page):
    problems = problems_with(tmp_path, **{page: None})
    assert f"{page.replace('__', '/')}.html: page missing" in problems


RANKING_MRR = '<dt id="answermatch.ranking.mrr">mrr()</dt>'


def test_undocumented_public_name(tmp_path):
    api = _html(f'<dt id="answermatch.evaluate">evaluate()</dt>{RANKING_MRR}')
    assert problems_with(tmp_path, api=api) == [
        "api.html: public name answermatch.Result is not documented"
    ]


def test_public_name_must_be_an_id_not_just_text(tmp_path):
    api = _html(
        f'<dt id="answermatch.evaluate">evaluate()</dt><p>answermatch.Result</p>{RANKING_MRR}'
    )
    assert problems_with(tmp_path, api=api) == [
        "api.html: public name answermatch.Result is not documented"
    ]


def test_undocumented_ranking_function(tmp_path):
    api = _html('<dt id="answermatch.evaluate">x</dt><dt id="answermatch.Result">y</dt>')
    assert problems_with(tmp_path, api=api) == [
        "api.html: answermatch.ranking.mrr is not documented"
    ]


def test_module_functions_lists_public_functions_only():
    names = check_docs._module_functions("answermatch.errors")
    assert "answermatch.errors.format_location" in names
    assert all(not n.rsplit(".", 1)[1].startswith("_") for n in names)
    assert "answermatch.errors.InputError" not in names  # a class, not a function
    assert check_docs._module_functions("answermatch.no_such_module") == ()


def test_language_without_section_or_example(tmp_path):
    languages = _html('<span id="lang-ja"></span><div id="tokens-ja"></div><span id="lang-en">')
    problems = problems_with(tmp_path, languages=languages)
    assert problems == ["languages.html: no generated token example for 'en' (id tokens-en)"]
    languages = _html('<div id="tokens-ja"></div><span id="lang-en"></span><p id="tokens-en">')
    problems = problems_with(tmp_path, languages=languages)
    assert problems == ["languages.html: no section for language 'ja' (id lang-ja)"]


def test_missing_cli_subcommand(tmp_path):
    cli = _html('<section id="answermatch-score"></section>')
    assert problems_with(tmp_path, cli=cli) == ["cli.html: no section for the sub-command 'tasks'"]


def test_task_page_without_rendered_formula(tmp_path):
    problems = problems_with(tmp_path, tasks__beta=_html("<p>F1 = 2PR/(P+R)</p>"))
    assert problems == ["tasks/beta.html: no rendered formula (no <math> element)"]


def test_parity_table_required_where_figures_exist(tmp_path):
    problems = problems_with(tmp_path, tasks__alpha=_html(f"<p>{MATH}</p>"))
    assert problems == ["tasks/alpha.html: no parity table"]
    absent = _html(f'<p>{MATH}</p><div class="admonition note answermatch-parity-absent"></div>')
    assert problems_with(tmp_path, tasks__alpha=absent) == []


@pytest.mark.parametrize(
    "raw",
    [
        r"\(x + y\)",
        r"\[ x \]",
        "$$x^2$$",
        r"F1 = \frac{2PR}{P+R}",
        r"\begin{aligned} x \end{aligned}",
        r"\mathrm{EM}",
        "&#92;sum over items",  # an entity-encoded backslash is still a backslash
    ],
)
def test_raw_latex_in_text_is_reported(tmp_path, raw):
    page = _html(f'<p>See <span class="math notranslate">{raw}</span> here.</p>')
    problems = problems_with(tmp_path, concepts=page)
    assert len(problems) == 1
    assert problems[0].startswith("concepts.html: raw LaTeX outside code: ")


def test_raw_latex_snippet_quotes_the_context(tmp_path):
    page = _html(r"<p>the formula \frac{a}{b} was left</p>")
    (problem,) = problems_with(tmp_path, concepts=page)
    assert "the formula \\\\frac{a}{b} was left" in problem


@pytest.mark.parametrize("tag", ["pre", "code", "script", "style", "kbd", "samp"])
def test_latex_inside_code_is_allowed(tmp_path, tag):
    page = _html(rf"<p>Write <{tag}>\(x\) and \frac{{a}}{{b}} and $$</{tag}> in LaTeX.</p>")
    assert problems_with(tmp_path, concepts=page) == []


def test_latex_after_a_code_block_is_still_checked(tmp_path):
    page = _html(r"<pre>\frac{a}{b}</pre><p>then \sum</p>")
    (problem,) = problems_with(tmp_path, concepts=page)
    assert "\\\\sum" in problem


def test_latex_annotation_inside_mathml_is_allowed(tmp_path):
    math = (
        "<math><semantics><mi>x</mi>"
        '<annotation encoding="application/x-tex">\\frac{1}{x}</annotation></semantics></math>'
    )
    assert problems_with(tmp_path, tasks__beta=_html(f"<p>{math}</p>")) == []


def test_ordinary_backslashes_and_dollars_are_not_latex(tmp_path):
    page = _html(r"<p>A line ends with \n; it costs $5, or $10 for two.</p>")
    assert problems_with(tmp_path, concepts=page) == []


def test_mathml_error_is_reported(tmp_path):
    page = _html("<p><math><merror><mtext>bad</mtext></merror></math></p>")
    assert problems_with(tmp_path, tasks__beta=page) == [
        "tasks/beta.html: 1 MathML error(s) (<merror>)"
    ]


def test_unconverted_formula_is_reported(tmp_path):
    page = _html(f'<p>{MATH}<code class="math-error">x &amp; y</code></p>')
    assert problems_with(tmp_path, tasks__beta=page) == [
        "tasks/beta.html: a formula could not be converted to MathML"
    ]


def test_mathjax_is_reported(tmp_path):
    head = '<script defer src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js">'
    page = _html(f"<p>{MATH}</p>", head=head + "</script>")
    assert problems_with(tmp_path, tasks__beta=page) == [
        "tasks/beta.html: loads MathJax (math must be rendered at build time)"
    ]


def test_not_generated_notice_is_reported(tmp_path):
    page = _html('<p class="answermatch-not-generated"><strong>Not generated: </strong>x</p>')
    assert problems_with(tmp_path, quickstart=page) == [
        "quickstart.html: generated content is missing ('Not generated')"
    ]


def test_sources_copies_are_not_checked(tmp_path):
    pages = complete_pages()
    pages["_sources/concepts"] = _html(r"\frac{a}{b}")
    assert check_docs.check_site(write_site(tmp_path, pages), SPEC) == []


def test_main_exit_status_and_report(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(check_docs, "spec_from_package", lambda: SPEC)
    write_site(tmp_path, complete_pages())
    assert check_docs.main([str(tmp_path)]) == 0
    assert "no problems found" in capsys.readouterr().out
    (tmp_path / "tasks" / "beta.html").unlink()
    assert check_docs.main([str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "1 problem(s)" in err and "tasks/beta.html: page missing" in err


def test_an_undocumented_plugin_name_is_reported(tmp_path):
    pages = complete_pages()
    spec = dataclasses.replace(SPEC, plugin_names=("Scored",))
    assert check_docs.check_site(write_site(tmp_path, pages), spec) == []
    pages["api"] = pages["api"].replace('id="answermatch.tasks.base.Scored"', 'id="x"')
    assert check_docs.check_site(write_site(tmp_path, pages), spec) == [
        "api.html: answermatch.plugin's Scored is not documented"
    ]


def test_an_unresolved_reference_on_the_task_page_is_reported(tmp_path):
    pages = complete_pages()
    pages["write_a_task"] = pages["write_a_task"].replace(
        "</p>", '<code class="xref py py-class">Nowhere</code></p>'
    )
    assert check_docs.check_site(write_site(tmp_path, pages), SPEC) == [
        "write_a_task.html: the reference 'Nowhere' links nowhere"
    ]


def test_the_task_page_links_the_example(tmp_path):
    pages = complete_pages()
    pages["write_a_task"] = pages["write_a_task"].replace("plugin_example.html", "elsewhere.html")
    assert check_docs.check_site(write_site(tmp_path, pages), SPEC) == [
        "write_a_task.html: no link to the example plugin (plugin_example)"
    ]


@pytest.mark.parametrize(
    "text", ["Base class; see the module documentation.", "the test (module docs).",
             "rules (see the module's\n documentation)"],
)  # fmt: skip
def test_a_reference_to_the_module_documentation_is_reported(tmp_path, text):
    pages = complete_pages()
    pages["concepts"] = _html(f"<p>{text}</p>")
    [problem] = check_docs.check_site(write_site(tmp_path, pages), SPEC)
    assert problem.startswith("concepts.html: ") and "names no module" in problem
