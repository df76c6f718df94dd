"""Polish: spaCy's tokenizer, blank or from pl_core_news_sm."""

from __future__ import annotations

import json
import sys
from importlib import metadata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.tokenizers import get_tokenizer, tokenize
from answermatch.tokenizers.pl import MODEL_PACKAGE, SpacyPolishTokenizer

spacy = pytest.importorskip("spacy")


@pytest.fixture(scope="module")
def blank_tok() -> SpacyPolishTokenizer:
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(sys.modules, MODEL_PACKAGE, None)  # as if the model were absent
        return SpacyPolishTokenizer()


@pytest.fixture(scope="module")
def raw_blank():
    return spacy.blank("pl").tokenizer


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Kto napisał „Lalkę”?", ["Kto", "napisał", "„", "Lalkę", "”", "?"]),
        (
            "W którym państwie rozpoczyna się akcja powieści „W pustyni i w puszczy”?",
            [
                "W",
                "którym",
                "państwie",
                "rozpoczyna",
                "się",
                "akcja",
                "powieści",
                "„",
                "W",
                "pustyni",
                "i",
                "w",
                "puszczy",
                "”",
                "?",
            ],
        ),
        ("Bolesław Prus (1847–1912)", ["Bolesław", "Prus", "(", "1847", "–", "1912", ")"]),
        ("a\tb  c\u3000d\n", ["a", "b", "c", "d"]),
        ("", []),
    ],
)
def test_real_strings(blank_tok: SpacyPolishTokenizer, text: str, expected: list[str]) -> None:
    assert blank_tok.tokenize(text) == expected


def test_registry(blank_tok: SpacyPolishTokenizer) -> None:
    assert isinstance(get_tokenizer("pl"), SpacyPolishTokenizer)
    assert tokenize("Kto napisał „Lalkę”?", "pl") == blank_tok.tokenize("Kto napisał „Lalkę”?")


def test_matches_raw_spacy_on_poleval(blank_tok: SpacyPolishTokenizer, raw_blank, parity) -> None:
    lines = []
    for name in ("in.tsv", "expected.tsv"):
        with open(parity("poleval2021", "dev-0", name), encoding="utf-8") as f:
            lines += f.read().split("\n")
    assert len(lines) > 2000
    for line in lines:
        expected = [t.text for t in raw_blank(line) if not t.is_space]
        assert blank_tok.tokenize(line) == expected, line


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_properties(blank_tok: SpacyPolishTokenizer, text: str) -> None:
    tokens = blank_tok.tokenize(text)
    for token in tokens:
        assert token and not any(c.isspace() for c in token)
    assert "".join(tokens) == "".join(text.split())


def test_blank_signature(blank_tok: SpacyPolishTokenizer) -> None:
    assert blank_tok.model == "blank:pl"
    assert blank_tok.signature() == f"spacy({metadata.version('spacy')},model=blank:pl)"


def test_installed_model_is_used_with_its_pipeline_excluded(tmp_path, monkeypatch) -> None:
    # a stand-in for the pl_core_news_sm package, laid out as spaCy packages are
    package = tmp_path / MODEL_PACKAGE
    package.mkdir()
    nlp = spacy.blank("pl")
    nlp.add_pipe("sentencizer")
    nlp.meta.update(name="core_news_sm", version="3.8.0")
    nlp.to_disk(package / f"{MODEL_PACKAGE}-3.8.0")
    (package / "meta.json").write_text(json.dumps(nlp.meta), encoding="utf-8")
    (package / "__init__.py").write_text(
        "from spacy.util import load_model_from_init_py\n"
        "def load(**overrides):\n"
        "    return load_model_from_init_py(__file__, **overrides)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, MODEL_PACKAGE, raising=False)

    tok = SpacyPolishTokenizer()
    assert tok.model == "pl_core_news_sm-3.8.0"
    assert tok.signature() == f"spacy({metadata.version('spacy')},model=pl_core_news_sm-3.8.0)"
    assert tok._nlp.component_names == []  # the sentencizer was not even loaded
    assert tok.tokenize("Kto napisał „Lalkę”?") == ["Kto", "napisał", "„", "Lalkę", "”", "?"]
