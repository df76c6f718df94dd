"""answermatch rescore: lm-evaluation-harness sample logs judged again."""

from __future__ import annotations

import json

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import InputError, UnknownMatcherError


def sample(doc_id, doc, response, value, *, target=None, metric="exact_match"):
    """A sample as lm-eval's --log_samples writes it (arguments and hashes trimmed)."""
    return {
        "doc_id": doc_id,
        "doc": doc,
        "target": str(target if target is not None else doc.get("answer", "")),
        "arguments": {"gen_args_0": {"arg_0": "Q: ...", "arg_1": {"until": ["\n"]}}},
        "resps": [[response]],
        "filtered_resps": [response],
        "filter": "none",
        "metrics": [metric],
        metric: value,
    }


TRIVIA = [
    sample(0, {"question": "Who wrote Hamlet?",
               "answer": {"aliases": ["William Shakespeare", "Shakespeare"], "value": "x"}},
           "Shakespeare", 1.0),
    sample(1, {"question": "Capital of Japan?", "answer": {"aliases": ["Tokyo"], "value": "x"}},
           "The capital of Japan is Tokyo.", 0.0),
    sample(2, {"question": "Largest planet?", "answer": {"aliases": ["Jupiter"], "value": "x"}},
           "Saturn", 0.0),
    sample(3, {"question": "Who painted the Mona Lisa?",
               "answer": {"aliases": ["Leonardo da Vinci"], "value": "x"}},
           "It was not Leonardo da Vinci.", 1.0),
]  # fmt: skip


def write(tmp_path, name, rows):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


def test_counts_agreement_and_flips(tmp_path):
    path = write(tmp_path, "samples_triviaqa_2026-11-26T10-11-12.345678.jsonl", TRIVIA)
    result = answermatch.rescore(path, errors=10)
    (part,) = result.tasks
    assert (part.task, part.metric, part.n) == ("triviaqa", "exact_match", 4)
    assert (part.harness_correct, part.answermatch_correct) == (2, 2)
    assert part.flips == {"harness only": 1, "answermatch only": 1}
    assert part.figures.agreement == 50.0
    lines = sorted(d.line for d in result.disagreements)
    assert lines == [2, 4]
    negated = next(d for d in result.disagreements if d.line == 4)
    assert negated.rule == "negated" and negated.harness == 1.0 and negated.score == 0.0


def test_em_matcher_agrees_with_an_em_harness(tmp_path):
    path = write(tmp_path, "samples_triviaqa_2026-11-26T10-11-12.jsonl", TRIVIA[:3])
    (part,) = answermatch.rescore(path, matcher="em").tasks
    assert part.flips == {"harness only": 0, "answermatch only": 0}
    assert part.figures.kappa == 1.0


def test_gold_from_target_list_and_languages():
    rows = [
        sample(0, {"question": "日本の首都は?", "lang": "ja"}, "答えは東京です。", 0.0,
               target="['東京', '東京都']"),
        sample(1, {"question": "Stolica Polski?", "language": "pl-PL"}, "Warszawa", 1.0,
               target="Warszawa"),
    ]  # fmt: skip
    result = answermatch.rescore({"mkqa": rows}, errors=5)
    (part,) = result.tasks
    assert set(part.languages) == {"ja", "pl"}
    assert part.languages["ja"].flips == {"harness only": 0, "answermatch only": 1}
    assert result.disagreements[0].answers == ("東京", "東京都")


def test_gold_field_and_metric_options():
    row = sample(0, {"q": "x", "gold": {"names": ["Ada Lovelace"]}}, "Ada Lovelace", 0.25,
                 metric="f1")  # fmt: skip
    row["exact_match"] = 1.0
    (part,) = answermatch.rescore({"t": [row]}, gold_field="doc.gold.names").tasks
    assert part.metric == "f1" and part.harness_correct == 0 and part.answermatch_correct == 1
    (part,) = answermatch.rescore({"t": [row]}, gold_field="doc.gold.names",
                                  metric="exact_match").tasks  # fmt: skip
    assert part.harness_correct == 1


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"doc": {"answers": ["a"]}, "metrics": ["em"], "em": 1.0}, "filtered_resps"),
        ({"doc": {}, "filtered_resps": ["a"], "metrics": ["em"], "em": 1.0}, "no gold answers"),
        ({"doc": {"answers": ["a"]}, "filtered_resps": ["a"], "metrics": ["em"]}, "no value"),
        ([1, 2], "expected a sample object"),
    ],
)
def test_bad_samples_name_file_and_line(tmp_path, row, message):
    path = write(tmp_path, "samples_x_2026-01-01T00-00-00.jsonl", [TRIVIA[0], row])
    with pytest.raises(InputError, match=message) as caught:
        answermatch.rescore(path)
    assert caught.value.line == 2 and str(path) in str(caught.value)


def test_log_without_a_metrics_list_says_to_name_the_metric(tmp_path):
    # lm-eval before 0.4.3 writes the metric's value but no "metrics" list
    row = {"doc": {"answers": ["Paris"]}, "filtered_resps": ["Paris"], "exact_match": 1.0}
    path = write(tmp_path, "samples_x_2026-01-01T00-00-00.jsonl", [row])
    with pytest.raises(InputError, match=r"--metric .*this sample has exact_match"):
        answermatch.rescore(path)
    (part,) = answermatch.rescore(path, metric="exact_match").tasks
    assert part.harness_correct == 1


def test_unknown_matcher_is_one_error():
    with pytest.raises(UnknownMatcherError):
        answermatch.rescore({"t": TRIVIA}, matcher="nope")


def test_cli_text_and_json(tmp_path, capsys):
    path = write(tmp_path, "samples_triviaqa_2026-11-26T10-11-12.jsonl", TRIVIA)
    assert main(["rescore", str(path)]) == 0
    text = capsys.readouterr().out
    assert "triviaqa" in text and "It was not Leonardo da Vinci." in text
    assert main(["rescore", str(path), "--json", "--errors", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tasks"][0]["n"] == 4 and data["disagreements"] == []
    assert main(["rescore", str(tmp_path / "missing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
