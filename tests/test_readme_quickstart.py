"""The README and the Quickstart page say the same about installing: the
same extras (those pyproject.toml defines for users), the same core
dependencies and the same compiled parts."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
QUICKSTART = (REPO / "docs" / "quickstart.rst").read_text(encoding="utf-8")
PYPROJECT = (REPO / "pyproject.toml").read_text(encoding="utf-8")
#: extras for developing answermatch, not for its users
DEVELOPMENT = {"test", "docs", "dev", "integrations"}


def _readme_extras() -> set[str]:
    install = README.split("## Install\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z-]+)`(?: \(also ((?:`[a-z]+`(?:, )?)+)\))? \|", install, re.M)
    return {name for first, also in rows for name in (first, *re.findall(r"`([a-z]+)`", also))}


def _quickstart_extras() -> set[str]:
    rows = re.findall(r"^   \* - ``([a-z-]+)``(?: \(also (.*)\))?$", QUICKSTART, re.M)
    return {name for first, also in rows for name in (first, *re.findall(r"``([a-z]+)``", also))}


def _section(name: str) -> str:
    """The text of one ``[name]`` table of pyproject.toml (tomllib is 3.11+)."""
    return PYPROJECT.split(f"[{name}]\n", 1)[1].split("\n[", 1)[0]


def test_both_list_every_user_extra():
    defined = re.findall(r"^([a-z-]+) = ", _section("project.optional-dependencies"), re.M)
    extras = set(defined) - DEVELOPMENT
    assert {"ja", "th", "stats", "dask"} <= extras
    assert _readme_extras() == extras
    assert _quickstart_extras() == extras


def test_both_name_the_core_dependencies():
    listed = _section("project").split("dependencies = [", 1)[1].split("]", 1)[0]
    names = re.findall(r'"([A-Za-z0-9_.-]+)', listed)
    assert names
    for name in names:
        assert f"`{name}`" in README and f"``{name}``" in QUICKSTART, name


def test_both_name_the_same_compiled_parts():
    def parts(text: str) -> set[str]:
        return set(re.findall(r"answermatch\.([a-z_.]+)\.accelerated", text))

    assert parts(README) == parts(QUICKSTART) != set()


def test_both_give_the_same_install_commands():
    def commands(text: str) -> set[str]:
        return set(re.findall(r'pip install "answermatch\[([a-z,]+)\]"', text))

    assert commands(README) == commands(QUICKSTART) == {"all", "ja"}
