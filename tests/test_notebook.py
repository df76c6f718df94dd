"""Notebook display: Result as an HTML table, progress as a live <progress> element."""

from __future__ import annotations

import sys
import types
from html.parser import HTMLParser

from answermatch import progress as progress_module
from answermatch.result import Result


class _Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        if data.strip():
            self.cells.append(data.strip())


def test_a_result_shows_itself_as_a_table():
    result = Result(
        task="xor-full",
        profile="official",
        scores={"f1": 28.5714, "em": 20.0},
        per_language={
            "fi": {"f1": 100.0, "em": 100.0, "count": 1},
            "ja": {"f1": 0.0, "em": 0.0, "count": 2},
        },
        n=3,
        signature="task:xor-full|profile:official|a<b",
    )
    parser = _Cells()
    parser.feed(result._repr_html_())
    assert parser.tags.count("table") == 1 and parser.tags.count("tr") == 4
    assert parser.cells[:4] == ["xor-full", "(official), n=3", "lang", "f1"]
    assert "28.57" in parser.cells and "fi" in parser.cells and "ja" in parser.cells
    assert "task:xor-full|profile:official|a<b" in parser.cells  # escaped, shown as text


def test_progress_draws_a_bar_in_a_jupyter_kernel(monkeypatch):
    shown = []

    class Handle:
        def update(self, obj):
            shown.append(obj)

    def display(obj, display_id=False):
        assert display_id is True
        return Handle()

    fake_ipython = types.SimpleNamespace(get_ipython=lambda: types.SimpleNamespace(kernel=object()))
    fake_display = types.ModuleType("IPython.display")
    fake_display.HTML = str
    fake_display.display = display
    monkeypatch.setitem(sys.modules, "IPython", fake_ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", fake_display)
    monkeypatch.setitem(sys.modules, "ipykernel", types.ModuleType("ipykernel"))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    assert list(progress_module.progress(range(5), total=5, desc="mkqa")) == [0, 1, 2, 3, 4]
    assert shown[-1].startswith('<progress value="5" max="5"></progress> <code>mkqa 5/5')


def test_no_bar_outside_a_terminal_or_notebook(monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    monkeypatch.delitem(sys.modules, "ipykernel", raising=False)
    items = [1, 2]
    assert progress_module.progress(items, total=2) is items
