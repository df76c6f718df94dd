"""Time answermatch from its compiled bytecode, as an installed package runs.

``pip install`` compiles a package's modules; a source checkout run with
``PYTHONDONTWRITEBYTECODE=1`` (as some shells and CI set it) compiles every
imported module again in every process, about 0.1 s of CPU for the 40-60
modules a task imports, which would be timed as answermatch's. The
benchmarks call :func:`use_bytecode` first: it compiles the package once
and lets the child processes they time (answermatch and the official
scripts alike) read and write bytecode.
"""

from __future__ import annotations

import compileall
import os
from pathlib import Path

import answermatch


def use_bytecode(*others: Path | None) -> None:
    """Compile answermatch's modules (and those of the ``src`` folders
    ``others``) and let child processes use bytecode."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    compileall.compile_dir(Path(answermatch.__file__).parent, quiet=1)
    for other in filter(None, others):
        compileall.compile_dir(Path(other) / "answermatch", quiet=1)
