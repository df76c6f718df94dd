"""answermatch.plugin gives a plugin everything it needs from one place."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import answermatch.plugin as plugin
from answermatch import checks, explanation, matchers, profiles, tokenizers
from answermatch.tasks import base, parts

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "plugin-task" / "src" / "answermatch_jaqa" / "__init__.py"


def test_every_exported_name_is_the_documented_object():
    assert len(plugin.__all__) == len(set(plugin.__all__))
    for name in plugin.__all__:
        assert hasattr(plugin, name), name
    assert plugin.Task is base.Task and plugin.Scored is base.Scored
    assert plugin.Explains is parts.Explains and plugin.TakesRows is parts.TakesRows
    assert plugin.Settings is profiles.Settings and plugin.GoldChecks is checks.GoldChecks
    assert plugin.token_f1 is matchers.token_f1 and plugin.tokenize is tokenizers.tokenize
    assert plugin.Explanation is explanation.Explanation
    assert not hasattr(plugin, "SpanTask")  # a task's base: from answermatch.tasks.squad


def test_the_contract_and_its_parts_are_all_there():
    wanted = {
        "Task", "Explains", "ChecksGold", "TakesRows", "Inputs", "Scored", "Aggregation",
        "Summary", "mean_of", "make_signature", "Diagnostics", "InputError", "Settings",
        "choice", "rule", "exact_match", "token_f1", "normalize", "tokenize", "Entry",
        "GoldChecks", "Explanation", "register",
    }  # fmt: skip
    assert wanted <= set(plugin.__all__)


def test_the_example_plugin_imports_only_from_answermatch_plugin():
    tree = ast.parse(EXAMPLE.read_text(encoding="utf-8"))
    sources = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("answermatch")
        ):
            sources.add(node.module)
        elif isinstance(node, ast.Import):
            assert not any(a.name.startswith("answermatch") for a in node.names)
    assert sources == {"answermatch.plugin"}


def test_importing_the_plugin_module_loads_no_tokenizer_library():
    code = (
        "import sys, answermatch.plugin\n"
        "heavy = {'fugashi', 'jieba', 'pyvi', 'spacy', 'numpy', 'nltk', 'rapidfuzz'}\n"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
