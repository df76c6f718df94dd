"""Collection of the doctests in src/: a module that needs an optional
integration's stack (Hugging Face ``evaluate``) is not collected when that
stack is not installed; its tests in tests/ skip and name the extra.

The tests import answermatch from src/ (``pythonpath`` in pyproject.toml).
A non-editable install (``pip install .``, as CI and the README do) builds
the compiled counter ``answermatch._ngrams`` into site-packages only: the
package from src/ looks for it there too, so the tests use the counter that
was built, as the installed package does."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import answermatch


def _counter_of_the_install() -> None:
    package = Path(answermatch.__file__).parent
    if any(package.glob("_ngrams.*")):
        return  # built in place: an editable install
    for entry in sys.path:  # the installed copy: another answermatch on the path
        installed = Path(entry or ".", "answermatch")
        if any(installed.glob("_ngrams.*")) and installed.resolve() != package.resolve():
            answermatch.__path__.append(str(installed))  # after src/: only _ngrams comes from it
            return


_counter_of_the_install()


def _installed(*modules: str) -> bool:
    try:
        return all(importlib.util.find_spec(module) is not None for module in modules)
    except ImportError:
        return False


collect_ignore_glob = (
    []
    if _installed("evaluate", "datasets")
    else ["src/answermatch/integrations/hf_evaluate/*metric*.py"]
)
