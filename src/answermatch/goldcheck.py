"""Problems in gold files that silently cost points (the service behind
``answermatch check-gold``).

:func:`check_gold` reads the gold with the task's own reader, the one
``score`` and ``explain`` use, so the three commands agree on what a valid
file is: an error of the reader is an ``error`` finding, a warning of the
reader a ``warning`` finding. It then runs the checks the task selects
(:attr:`~answermatch.tasks.parts.ChecksGold.gold_checks`, from
:mod:`answermatch.checks` and the task's own) on the gold's entries.

>>> import pathlib, tempfile
>>> gold = pathlib.Path(tempfile.mkdtemp()) / "expected.tsv"
>>> _ = gold.write_text("Paryż\\tParyż\\nC\\nfiga i mak\\n", encoding="utf-8")
>>> for f in check_gold("poleval2021", gold):
...     print(f.line, f.severity, f.code)
1 info duplicate-variant
2 warning roman-word
3 warning one-order-only
"""

from __future__ import annotations

import os
import warnings
from typing import Any

from .checks import SEVERITIES, Entry, Finding, GoldFile
from .diagnostics import Diagnostics
from .errors import AnswermatchWarning, InputError
from .sources import is_path, source_name
from .tasks import check_options, get_task
from .tasks.parts import ChecksGold, require

__all__ = ["SEVERITIES", "Entry", "Finding", "GoldFile", "check_gold"]


def check_gold(task: str, gold: str | os.PathLike[str] | Any, **options: Any) -> list[Finding]:
    """The findings of ``task``'s checks on the gold ``gold`` (a path or a
    loaded object), sorted by line."""
    spec = require(get_task(task), ChecksGold, "check-gold")
    check_options(spec, options)
    if is_path(gold) and not os.path.isfile(gold):  # not the file's content: a usage error
        raise InputError("no such file" if not os.path.exists(gold) else "not a file", path=gold)
    name = source_name(gold)
    found = GoldFile(name)
    diag = Diagnostics()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            parsed = spec.read_gold(gold, diag, **options)
    except InputError as exc:
        found.findings.append(
            Finding("error", exc.path or name, exc.line, "unreadable", exc.message)
        )
        return found.findings
    for message, line in diag.records:
        found.findings.append(Finding("warning", name, line, "reader-warning", message))
    found.entries = list(spec.gold_entries(parsed))
    return spec.gold_checks.run(found)
