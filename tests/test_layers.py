"""The layering the architecture promises: no module outside a task's own
files imports a task (services work from the task contract alone, and
built-in tasks are found through the registry's table)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "answermatch"
TASKS = PACKAGE / "tasks"
#: the contract and its parts, which every layer above may use
SHARED = {"__init__", "base", "parts"}
TASK_MODULES = {
    path.stem if path.is_file() else path.name
    for path in TASKS.iterdir()
    if (path.suffix == ".py" or (path / "__init__.py").exists()) and path.stem not in SHARED
}


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, as an absolute dotted name."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = parts[:-1]  # the package a relative import starts from
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = ".".join((*base, node.module)) if node.module else ".".join(base)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_task_modules_are_found():
    assert {"squad", "xor", "mkqa", "korquad", "open_qa"} <= TASK_MODULES


def test_no_module_outside_the_tasks_imports_a_task():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if TASKS in path.parents:
            continue
        for module in imported_modules(path):
            names = [*module.split("."), ""]
            if names[:2] == ["answermatch", "tasks"] and names[2] in TASK_MODULES:
                offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert not offenders, offenders
