"""A minimal progress bar on stderr, shown only on a terminal.

>>> list(progress(range(3), total=3, enabled=False))
[0, 1, 2]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


def progress(
    items: Iterable[T], *, total: int | None = None, desc: str = "", enabled: bool = True
) -> Iterable[T]:
    """``items``, drawing a bar on stderr as they are consumed when ``enabled``
    and stderr is a terminal (otherwise ``items`` itself, at no cost)."""
    if not enabled or not sys.stderr.isatty():
        return items
    return _with_bar(items, total, desc, sys.stderr)


def _with_bar(items: Iterable[T], total: int | None, desc: str, stream) -> Iterator[T]:
    start = last = time.monotonic()
    done = 0
    for item in items:
        yield item
        done += 1
        now = time.monotonic()
        if now - last >= 0.1:
            last = now
            _draw(stream, desc, done, total, now - start)
    _draw(stream, desc, done, total, time.monotonic() - start)
    stream.write("\n")
    stream.flush()


def _draw(stream, desc: str, done: int, total: int | None, elapsed: float) -> None:
    if total:
        width = 30
        filled = int(width * done / total)
        bar = "#" * filled + "-" * (width - filled)
        text = f"\r{desc} [{bar}] {done}/{total} {elapsed:5.1f}s"
    else:
        text = f"\r{desc} {done} {elapsed:5.1f}s"
    stream.write(text)
    stream.flush()
