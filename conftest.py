"""Collection of the doctests in src/: a module that needs an optional
integration's stack (Hugging Face ``evaluate``) is not collected when that
stack is not installed; its tests in tests/ skip and name the extra."""

from __future__ import annotations

import importlib.util


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
