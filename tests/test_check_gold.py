"""answermatch.goldcheck and ``answermatch check-gold``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from answermatch.cli import main
from answermatch.errors import UnknownTaskError
from answermatch.goldcheck import SEVERITIES, check_gold
from answermatch.tasks import get_task

REPO = Path(__file__).resolve().parents[1]


def xor(*records: tuple) -> str:
    """JSON lines of (id, answers, lang) records."""
    return "".join(
        json.dumps({"id": i, "question": "?", "answers": a, "lang": lang}, ensure_ascii=False)
        + "\n"
        for i, a, lang in records
    )


def zalo(*cases: tuple) -> str:
    """A labelled test.json of (id, [labels]) cases."""
    return json.dumps(
        [
            {
                "__id__": case_id,
                "question": "?",
                "paragraphs": [
                    {"id": f"p{k}", "text": "...", "label": label}
                    for k, label in enumerate(labels, start=1)
                ],
            }
            for case_id, labels in cases
        ],
        indent=1,
    )


FILES = {
    "xor-full": "gold.jsonl",
    "xor-engspan": "gold.jsonl",
    "xor-retrieve": "gold.jsonl",
    "poleval2021": "expected.tsv",
    "nlpcc-kbqa": "gold.txt",
    "nlpcc-dbqa": "test.txt",
    "ntcir-dsqa": "gold.tsv",
    "zalo2019": "test.json",
}

CLEAN = {
    "xor-full": xor(
        ("1", ["Helsinki"], "fi"), ("2", ["1945年"], "ja"), ("3", ["A и B", "B и A"], "ru")
    ),
    "xor-engspan": xor(
        ("1", ["Lake Saimaa"], "fi"), ("2", ["salt and pepper", "pepper and salt"], "ru")
    ),
    "xor-retrieve": xor(("1", ["Jean Sibelius"], "fi")),
    "poleval2021": "Paryż\tParis\nfiga i mak\tmak i figa\nLudwik XIV\n",
    "nlpcc-kbqa": "<question id=1>\t谁?\n<answer id=1>\t李白\t杜甫\n====\n"
    "<question id=2>\t?\n<answer id=2>\tA\n====\n",
    "nlpcc-dbqa": "q1\ts1\t0\nq1\ts2\t1\nq2\ts3\t1\n",
    "ntcir-dsqa": "DS2-QA-E-1\t13,510,000\t13.51 million\nDS2-QA-J-2\t東京\n",
    "zalo2019": zalo(("test_1", [True, False]), ("test_2", [False, True])),
}

# task, file content, expected (severity, code, line)
CASES = [
    ("poleval2021", "a\tb\t\tc\n", ("error", "empty-variant", 1)),
    ("poleval2021", "ok\nPolska\tPolska\n", ("info", "duplicate-variant", 2)),
    ("poleval2021", "Warszawa\twarszawa\n", ("info", "same-after-normalization", 1)),
    ("poleval2021", "ok\nw XIV\t14\n", ("info", "same-after-normalization", 2)),
    ("poleval2021", "ok\nok\ntlen i krzem\n", ("warning", "one-order-only", 3)),
    ("poleval2021", "witamina C\n", ("warning", "roman-word", 1)),
    ("xor-engspan", xor(("1", ["x", ""], "fi")), ("error", "empty-variant", 1)),
    ("xor-engspan", xor(("1", ["the"], "fi")), ("error", "normalizes-empty", 1)),
    ("xor-engspan", xor(("1", ["Paris", "Paris"], "fi")), ("info", "duplicate-variant", 1)),
    ("xor-engspan", xor(("1", ["salt and pepper"], "fi")), ("info", "one-order-only", 1)),
    ("xor-engspan", xor(("1", ["«Kalevala»"], "fi")), ("info", "unicode-punct", 1)),
    ("xor-engspan", xor(("1", ["a"], "fi"), ("1", ["b"], "fi")), ("warning", "duplicate-id", 2)),
    ("xor-engspan", xor((7, ["b"], "fi")), ("error", "unreadable", 1)),
    ("xor-engspan", xor(("1", "Paris", "fi")), ("warning", "bare-string-answers", 1)),
    ("xor-engspan", '{"id": "1"}\n', ("error", "unreadable", 1)),
    ("xor-retrieve", xor(("1", [], "fi")), ("error", "no-answer", 1)),
    ("xor-full", xor(("1", ["人口"], "ja")), ("warning", "counter-deletion", 1)),
    ("xor-full", xor(("1", ["!!!"], "ja")), ("error", "normalizes-empty", 1)),
    ("xor-full", xor(("1", ["Тарту и Таллин"], "ru")), ("info", "one-order-only", 1)),
    ("xor-full", xor(("1", ["東京。", "東京。"], "ja")), ("info", "duplicate-variant", 1)),
    ("nlpcc-kbqa", "<question id=x>\t?\n<answer id=x>\tA\n", ("error", "unreadable", 1)),
    (
        "nlpcc-kbqa",
        "<question id=1>\t?\n<answer id=1>\tA\n====\n<question id=1>\t?\n<answer id=1>\tB\n",
        ("error", "unreadable", 4),
    ),
    ("nlpcc-kbqa", "<question id=1>\t?\n<answer id=1>\tA\t\tB\n", ("error", "empty-variant", 2)),
    ("nlpcc-dbqa", "q1\ts1\t0\nq1\ts2\t0\n", ("warning", "no-positive", 1)),
    ("nlpcc-dbqa", "q1\ts1\tO\n", ("error", "unreadable", 1)),
    ("nlpcc-dbqa", "q1\ts1\n", ("error", "unreadable", 1)),
    ("nlpcc-dbqa", "q1\ts1\t1\nq2\ts2\t1\nq1\ts3\t0\n", ("warning", "split-question", 3)),
    ("ntcir-dsqa", "DS2-QA-1\tx\n", ("error", "unreadable", 1)),
    ("ntcir-dsqa", "DS2-QA-E-1\tx\nDS2-QA-E-1\ty\n", ("error", "unreadable", 2)),
    ("ntcir-dsqa", "DS2-QA-E-1\t...\n", ("error", "normalizes-empty", 1)),
    ("zalo2019", zalo(("test_1", [False, False])), ("info", "no-positive", 3)),
    ("zalo2019", zalo(("test_1", [True, "yes"])), ("error", "unreadable", None)),
    ("zalo2019", zalo(("test_1", [True]), ("test_1", [True])), ("error", "unreadable", None)),
    (
        "zalo2019",
        '[{"__id__": "t", "paragraphs": [{"id": "p1", "text": "x"}]}]',
        ("error", "unreadable", None),
    ),
]


def write(tmp_path: Path, task: str, text: str) -> str:
    path = tmp_path / FILES[task]
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_every_task_is_supported():
    from answermatch.tasks import available_tasks

    assert all(get_task(t).gold_checks is not None for t in available_tasks())


@pytest.mark.parametrize("task", sorted(CLEAN))
def test_clean_gold_has_no_finding(tmp_path, task):
    assert check_gold(task, write(tmp_path, task, CLEAN[task])) == []


@pytest.mark.parametrize(("task", "text", "expected"), CASES, ids=lambda v: str(v)[:40])
def test_each_check_fires(tmp_path, task, text, expected):
    path = write(tmp_path, task, text)
    findings = check_gold(task, path)
    severity, code, line = expected
    matching = [f for f in findings if f.code == code]
    assert matching, findings
    assert (matching[0].severity, matching[0].line, matching[0].file) == (severity, line, path)
    assert matching[0].message


def test_counter_after_a_number_is_not_flagged(tmp_path):
    # one answer per question (three numbers in one question disagree in value)
    answers = ["1945年", "20 歳", "24万人"]
    path = write(tmp_path, "xor-full", xor(*((str(i), [a], "ja") for i, a in enumerate(answers))))
    assert check_gold("xor-full", path) == []


def test_unsupported_task():
    with pytest.raises(UnknownTaskError, match="unknown task 'no-such-task'"):
        check_gold("no-such-task", "x")


def test_cli_exit_codes_and_text(tmp_path, capsys):
    clean = write(tmp_path, "poleval2021", CLEAN["poleval2021"])
    assert main(["check-gold", "poleval2021", "--gold", clean]) == 0
    assert "0 errors, 0 warnings, 0 info" in capsys.readouterr().out
    (tmp_path / "warn").mkdir()
    warn_only = write(tmp_path / "warn", "poleval2021", "witamina C\n")
    assert main(["check-gold", "poleval2021", "--gold", warn_only]) == 0
    out = capsys.readouterr().out
    assert "warning:" in out and "[roman-word]" in out
    (tmp_path / "err").mkdir()
    broken = write(tmp_path / "err", "poleval2021", "a\t\tb\n")
    assert main(["check-gold", "poleval2021", "--gold", broken]) == 1
    assert f"{broken}:1: error:" in capsys.readouterr().out


@pytest.mark.parametrize("suggest", [[], ["--suggest"]])
def test_cli_unreadable_gold_is_one_line(tmp_path, capsys, suggest):
    broken = write(tmp_path, "xor-full", '{"id": "1", "lang": "ja"}\n')
    assert main(["check-gold", "xor-full", "--gold", broken, *suggest]) == 1
    (line,) = capsys.readouterr().out.splitlines()  # the reader's error, no summary
    assert line.startswith(f"{broken}:1: error: ") and line.endswith("[unreadable]")


def test_cli_json_shape(tmp_path, capsys):
    path = write(tmp_path, "nlpcc-dbqa", "q1\ts1\tx\nq1\ts2\t0\n")
    assert main(["check-gold", "nlpcc-dbqa", "--gold", path, "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["task"] == "nlpcc-dbqa" and payload["file"] == path
    # the scorer's own reader refuses the label "x": check-gold says so, as score would
    assert (payload["errors"], payload["warnings"], payload["info"]) == (1, 0, 0)
    assert payload["counts"] == {"unreadable": 1}
    assert "expected the label 0 or 1" in payload["findings"][0]["message"]
    for finding in payload["findings"]:
        assert set(finding) == {"severity", "file", "line", "code", "message"}
        assert finding["severity"] in SEVERITIES


def test_cli_missing_file_exits_2(tmp_path, capsys):
    assert main(["check-gold", "poleval2021", "--gold", str(tmp_path / "absent.tsv")]) == 2
    assert "no such file" in capsys.readouterr().err


# --- the real gold files ------------------------------------------------------------


def test_real_poleval_gold(parity):
    findings = check_gold("poleval2021", parity("poleval2021", "dev-0", "expected.tsv"))
    lines = parity("poleval2021", "dev-0", "expected.tsv").read_text(encoding="utf-8").split("\n")
    roman = [f for f in findings if f.code == "roman-word"]
    # line 917 reads "Mieszka I": GEval takes the lone "I" for the number 1
    assert [f.line for f in roman] == [917] and lines[916] == "Mieszka I"
    assert not [f for f in findings if f.severity == "error"]


def test_real_xor_gold(parity):
    full = check_gold("xor-full", parity("xor", "xor_dev_full_v1_1.jsonl"))
    counters = [f for f in full if f.code == "counter-deletion"]
    assert counters and all(
        "年" in f.message or "人" in f.message or "歳" in f.message or "년" in f.message
        for f in counters
    )
    span = check_gold("xor-engspan", parity("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl"))
    # the gold answer "A" (line 138) is an article: SQuAD normalization empties it
    empties = [f for f in span if f.code == "normalizes-empty"]
    assert [f.line for f in empties] == [138] and "'A'" in empties[0].message


def test_check_gold_takes_task_options(tmp_path, capsys):
    # an MLQA file whose name does not state its language needs -o lang=...
    gold = tmp_path / "gold.json"
    gold.write_bytes((REPO / "examples" / "mlqa" / "dev.de.json").read_bytes())
    assert main(["check-gold", "mlqa", "--gold", str(gold)]) == 1
    assert "needs the answer language" in capsys.readouterr().out
    assert main(["check-gold", "mlqa", "--gold", str(gold), "-o", "lang=de"]) == 0
    assert "0 errors, 0 warnings, 0 info" in capsys.readouterr().out
    assert main(["check-gold", "mlqa", "--gold", str(gold), "--option", "nope=1"]) == 2
    assert "nope" in capsys.readouterr().err


def test_a_range_is_not_a_pair_in_either_order(tmp_path):
    # digits on both sides of the conjunction: "between 10 and 11" is ordered
    gold = write(tmp_path, "poleval2021", "od 10 i 11\n1990 i 2000\ntlen i krzem\n")
    found = [(f.code, f.line) for f in check_gold("poleval2021", gold)]
    assert found == [("one-order-only", 3)]


# --- severity, grouping and the false positives of a first user ---------------------


def test_severity_keeps_that_level_and_more_serious_ones(tmp_path):
    gold = write(tmp_path, "poleval2021", "Paryż\tParyż\nC\nfiga i mak\n\t\n")
    every = check_gold("poleval2021", gold)
    assert {f.severity for f in every} == {"error", "warning", "info"}
    assert check_gold("poleval2021", gold, severity="info") == every
    assert check_gold("poleval2021", gold, severity="warning") == [
        f for f in every if f.severity != "info"
    ]
    assert {f.severity for f in check_gold("poleval2021", gold, severity="error")} == {"error"}
    with pytest.raises(ValueError, match="severity must be one of error, warning, info"):
        check_gold("poleval2021", gold, severity="notice")


def test_cli_hides_info_by_default_and_groups_repeated_kinds(tmp_path, capsys):
    rows = [(str(k), ["Oslo", "Oslo"], "fi") for k in range(6)]
    rows.append(("x", ["A"], "fi"))  # an article: SQuAD's normalization empties it
    gold = write(tmp_path, "xor-engspan", xor(*rows))
    assert main(["check-gold", "xor-engspan", "--gold", gold]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "[normalizes-empty]" in out[0]
    assert out[1].endswith("1 error, 0 warnings, 6 info (duplicate-variant 6, normalizes-empty 1)"
                           "; info not shown: --severity info or --all")  # fmt: skip
    assert main(["check-gold", "xor-engspan", "--gold", gold, "--severity", "info"]) == 1
    out = capsys.readouterr().out.splitlines()
    # six duplicate variants: one line with the count, three examples
    assert out[1] == f"{gold}: info: 6 findings [duplicate-variant], e.g.:"
    assert out[2:5] == [f"  line {k}: {k - 1}: variant listed twice: 'Oslo'" for k in (1, 2, 3)]
    assert len(out) == 6 and out[5].endswith("; --all lists each finding")
    assert main(["check-gold", "xor-engspan", "--gold", gold, "--all"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 8 and sum("[duplicate-variant]" in line for line in out) == 6
    assert main(["check-gold", "xor-engspan", "--gold", gold, "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["info"] == 6 and payload["severity"] == "warning"
    assert [f["code"] for f in payload["findings"]] == ["normalizes-empty"]


@pytest.mark.parametrize(
    ("lang", "answer"),
    [
        ("ru", "из кирпичей и камней"),  # a preposition before both parts
        ("ru", "химические и металлургические технологии"),  # a noun after both
        ("fi", "opetus- ja kuulustelutilaisuuksia"),  # a shortened compound
        ("ar", "جورج واشنطون"),  # George Washington: a name starting with و
        ("ar", "شيفا، فيشنو وبراهما"),  # a list, with the Arabic comma
        ("en", "Commonwealth Scientific and Industrial Research Organisation"),
        ("en", "Blohm & Voss"),  # a firm
    ],
)
def test_one_order_only_leaves_what_is_no_two_part_answer(tmp_path, lang, answer):
    task = "xor-full" if lang != "en" else "xor-engspan"
    gold = write(tmp_path, task, xor(("1", [answer], lang)))
    assert "one-order-only" not in [f.code for f in check_gold(task, gold)]


@pytest.mark.parametrize(
    ("lang", "answer", "swapped"),
    [
        ("ru", "Синеус и Трувор", "Трувор и Синеус"),
        ("ar", "راسل هالس وجوزيف تيلور", "جوزيف تيلور وراسل هالس"),
        ("ar", "الخضار والفواكه", "الفواكه والخضار"),
        ("fi", "kokemus ja tietoisuus.", "tietoisuus ja kokemus."),  # the final stop stays
    ],
)
def test_one_order_only_still_finds_two_part_answers(tmp_path, lang, answer, swapped):
    gold = write(tmp_path, "xor-full", xor(("1", [answer], lang)))
    found = check_gold("xor-full", gold)
    assert [f.code for f in found] == ["one-order-only"]
    assert found[0].message.endswith(f"the other order {swapped!r}")
