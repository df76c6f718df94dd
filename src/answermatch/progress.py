"""A minimal progress bar: on stderr when it is a terminal, as a live HTML
``<progress>`` element in a Jupyter notebook, nowhere otherwise.

>>> list(progress(range(3), total=3, enabled=False))
[0, 1, 2]
>>> import io
>>> out = io.StringIO()
>>> list(_with_bar(range(3), 3, "xor-full", TerminalBar(out)))
[0, 1, 2]
>>> out.getvalue().split("\\r")[-1].split()[:3]
['xor-full', '[##############################]', '3/3']
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Bar(Protocol):
    def draw(
        self, desc: str, done: int, total: int | None, elapsed: float, unit: str = ""
    ) -> None: ...

    def close(self) -> None: ...


def progress(
    items: Iterable[T],
    *,
    total: int | None = None,
    desc: str = "",
    enabled: bool = True,
    size: Callable[[T], int] | None = None,
) -> Iterable[T]:
    """``items``, drawing a bar as they are consumed when ``enabled``: on
    stderr when it is a terminal, in the notebook's output when running in a
    Jupyter kernel (otherwise ``items`` itself, at no cost). ``size``: the
    bytes each item holds (pieces of an input); the bar then counts
    megabytes, of ``total`` bytes (``None``: a count alone, for a pipe).

    >>> import io
    >>> out = io.StringIO()
    >>> pieces = [b"x" * 1_500_000, b"y" * 1_000_000]
    >>> _ = list(_with_bar(pieces, None, "reading -", TerminalBar(out), len))
    >>> out.getvalue().split("\\r")[-1].split()[:3]
    ['reading', '-', '2.5']
    """
    if not enabled:
        return items
    if sys.stderr.isatty():
        return _with_bar(items, total, desc, TerminalBar(sys.stderr), size)
    notebook = _notebook_display()
    if notebook is not None:
        return _with_bar(items, total, desc, NotebookBar(*notebook), size)
    return items


def _with_bar(
    items: Iterable[T],
    total: int | None,
    desc: str,
    bar: Bar,
    size: Callable[[T], int] | None = None,
) -> Iterator[T]:
    start = last = time.monotonic()
    done = 0
    unit = "" if size is None else " MB"

    def draw(elapsed: float) -> None:
        if size is None:
            bar.draw(desc, done, total, elapsed)
        else:  # bytes, drawn as megabytes
            whole = None if total is None else round(total / 1e6, 1)
            bar.draw(desc, round(done / 1e6, 1), whole, elapsed, unit)  # type: ignore[arg-type]

    for item in items:
        done += 1 if size is None else size(item)
        yield item
        now = time.monotonic()
        if now - last >= 0.1:
            last = now
            draw(now - start)
    draw(time.monotonic() - start)
    bar.close()


class TerminalBar:
    """A bar redrawn in place on a terminal stream."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def draw(self, desc: str, done: int, total: int | None, elapsed: float, unit: str = "") -> None:
        if total:
            width = 30
            filled = min(width, int(width * done / total))
            bar = "#" * filled + "-" * (width - filled)
            text = f"\r{desc} [{bar}] {done}/{total}{unit} {elapsed:5.1f}s"
        else:
            text = f"\r{desc} {done}{unit} {elapsed:5.1f}s"
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def _notebook_display() -> tuple[Any, Any] | None:
    """IPython's ``display`` and ``HTML`` when running in a Jupyter kernel."""
    ipython = sys.modules.get("IPython")
    if ipython is None or "ipykernel" not in sys.modules:
        return None
    try:
        shell = ipython.get_ipython()
        from IPython.display import HTML, display
    except Exception:  # an unusual IPython: no bar rather than a failure
        return None
    if shell is None or not hasattr(shell, "kernel"):
        return None
    return display, HTML


class NotebookBar:
    """A ``<progress>`` element in a notebook cell's output, updated in place."""

    def __init__(self, display: Any, html_class: Any) -> None:
        self._html = html_class
        self._handle = display(html_class(""), display_id=True)

    def draw(self, desc: str, done: int, total: int | None, elapsed: float, unit: str = "") -> None:
        bar = f'<progress value="{done}" max="{total}"></progress> ' if total else ""
        count = (f"{done}/{total}" if total else str(done)) + unit
        from html import escape  # here: only notebooks draw this bar

        label = escape(f"{desc} {count} {elapsed:.1f}s")
        self._handle.update(self._html(f"{bar}<code>{label}</code>"))

    def close(self) -> None:
        pass
