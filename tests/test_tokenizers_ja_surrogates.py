"""MeCab reads UTF-8, which has no lone surrogates; a JSON string can hold
one ("\\ud800"). The Japanese tokenizer parses U+FFFD in its place and puts
the surrogate back, so a prediction holding one is scored, not a traceback;
``wakati``, mecab-python3's string for XOR-TyDi's official rules, refuses it
as mecab-python3 does (XOR then names the prediction: test_cli_safety)."""

from __future__ import annotations

import json

import pytest

from answermatch.tokenizers.ja import MAX_CHARS, MecabTokenizer

pytest.importorskip("fugashi", reason="needs the [ja] extra")

TEXTS = [
    "東京\ud800都",
    "\udfff",
    "a \ud800\ufffd b",
    "タワー\ud83d\ufffd\udc00です",
    "\ufffd東京\ud800",
]


def _swap(text: str) -> str:
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


def _put_back(words: list[str], text: str) -> list[str]:
    stand_ins = iter(ch for ch in text if "\ud800" <= ch <= "\udfff" or ch == "\ufffd")
    return ["".join(next(stand_ins) if ch == "\ufffd" else ch for ch in w) for w in words]


@pytest.mark.parametrize("text", TEXTS)
def test_words_are_those_of_the_text_with_u_fffd_put_back(text: str) -> None:
    tok = MecabTokenizer()
    expected = _put_back(tok.tokenize(_swap(text)), text)
    assert tok.tokenize(text) == expected
    assert tok.splitter()(text) == expected
    assert [w for ws in tok.tokenize_parts([text[:2], text[2:]]) for w in ws] == expected
    with pytest.raises(UnicodeEncodeError):  # as mecab-python3, which XOR's official script uses
        tok.wakati(text)
    assert "".join(expected) == "".join(text.split())


def test_a_long_text_with_surrogates() -> None:
    tok = MecabTokenizer()
    text = ("東京タワー\ud800です。" * (MAX_CHARS // 4))[: MAX_CHARS + 500]
    words = tok.tokenize(text)
    assert words == _put_back(tok.tokenize(_swap(text)), text)
    assert any("\ud800" in word for word in words)


def test_mkqa_fair_scores_a_prediction_with_a_lone_surrogate(tmp_path, capsys) -> None:
    from answermatch.cli import main
    from conftest import REPO

    examples = REPO / "examples" / "mkqa"
    rows = [json.loads(line) for line in (examples / "ja.jsonl").open(encoding="utf-8")]
    rows[0]["prediction"] = rows[0]["prediction"][:1] + "\ud800" + rows[0]["prediction"][1:]
    pred = tmp_path / "ja.jsonl"
    pred.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="ascii")
    gold = examples / "gold.jsonl"
    args = ["score", "mkqa", "--gold", str(gold), "--pred", str(pred), "--profile", "fair"]
    assert main([*args, "-q", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["task"] == "mkqa"
