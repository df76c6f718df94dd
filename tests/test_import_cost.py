"""Importing answermatch loads no heavy library; each language loads only its own.

Each check runs in a fresh interpreter, since this test session has long
imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# every heavy (or optional) library answermatch may use somewhere
HEAVY = (
    "fugashi",
    "MeCab",
    "unidic_lite",
    "jieba",
    "pyvi",
    "sklearn",
    "sklearn_crfsuite",
    "pycrfsuite",
    "spacy",
    "thinc",
    "nltk",
    "punkt",
    "rapidfuzz",
    "numpy",
    "babel",
    "num2words",
)
TOKENIZER_LIBRARIES = {
    "ja": ("fugashi", "unidic_lite"),
    "zh": ("jieba",),
    "vi": ("pyvi", "sklearn"),
    "pl": ("spacy",),
}


def loaded_after(statements: str) -> list[str]:
    """The HEAVY top-level packages imported once ``statements`` have run."""
    code = (
        f"import sys, json\n{statements}\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_import_loads_nothing_heavy() -> None:
    assert loaded_after("import answermatch") == []


def test_normalize_loads_nothing_heavy() -> None:
    assert loaded_after("import answermatch\nanswermatch.normalize('x')") == []


def test_word_languages_load_no_tokenizer_library() -> None:
    statements = "import answermatch\n" + "\n".join(
        f"answermatch.tokenize('Who wrote Lalka?', {lang!r})"
        for lang in ("en", "ar", "bn", "fi", "ko", "ru", "te")
    )
    loaded = loaded_after(statements)
    for libraries in TOKENIZER_LIBRARIES.values():
        assert not set(libraries) & set(loaded), loaded


@pytest.mark.parametrize("lang", sorted(TOKENIZER_LIBRARIES))
def test_each_language_loads_only_its_library(lang: str) -> None:
    pytest.importorskip(TOKENIZER_LIBRARIES[lang][0])
    loaded = loaded_after(f"import answermatch\nanswermatch.tokenize('x', {lang!r})")
    assert set(TOKENIZER_LIBRARIES[lang]) <= set(loaded)
    for other, libraries in TOKENIZER_LIBRARIES.items():
        if other != lang:
            assert not set(libraries) & set(loaded), (lang, loaded)


@pytest.mark.parametrize(
    ("task", "options"),
    [("squad", {}), ("mlqa", {"lang": "en"}), ("mlqa", {"lang": "ar"}), ("squad-v2", {})],
)
def test_official_span_rules_do_not_load_regex(task, options) -> None:
    # their rules are str methods and Python re: the regex package (about 10 ms to
    # import, and more to compile its Unicode classes) is for the fair profiles
    gold = [{"id": "q", "answers": {"text": ["the Nile"], "answer_start": [0]}}]
    code = (
        "import sys, answermatch\n"
        f"r = answermatch.evaluate({task!r}, {gold!r}, {{'q': 'Nile!'}}, **{options!r})\n"
        "assert r.n == 1\n"
        "print('regex' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
    fair = code.replace("'Nile!'}", "'Nile!'}, 'fair'")
    done = subprocess.run([sys.executable, "-c", fair], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"  # the fair rules use it: the check can fail
