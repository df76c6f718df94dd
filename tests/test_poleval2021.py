"""PolEval 2021 QA: GEval's LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy.

Expected values come from the official figures in ../shared/parity, from
hand derivations (written next to each case) and from the small independent
reference implementations below (a textbook Levenshtein, a byte-by-byte
UTF-8 decoder, a pairwise Roman numeral reading).
"""

from __future__ import annotations

import gzip
import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.tasks.poleval2021 import FuzzyAccuracy, haskell_lower
from answermatch.tasks.poleval2021.geval import (
    HASKELL_SPACES,
    decode_lenient,
    haskell_strip,
    haskell_words,
    split_lines,
)
from answermatch.tasks.poleval2021.numbers import extract_number_string, roman_to_int

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "poleval2021"
SYSTEMS = [
    "filipggg-mt5",
    "filipggg-polish-roberta-large",
    "poleval-baseline3-always-tak",
]


# --- independent references ---------------------------------------------------


def ref_levenshtein(a: str, b: str) -> int:
    """Textbook dynamic programme over code points."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def ref_decode(data: bytes) -> str:
    """text 1.2's lenient decoding: a valid sequence where one starts, else
    one U+FFFD for the byte and a restart at the next byte."""
    out, i = [], 0
    while i < len(data):
        for size in (1, 2, 3, 4):
            try:
                out.append(data[i : i + size].decode("utf-8"))
            except UnicodeDecodeError:
                continue
            i += size
            break
        else:
            out.append("\ufffd")
            i += 1
    return "".join(out)


def ref_roman(word: str) -> int:
    values = [dict(zip("IVXLCDM", (1, 5, 10, 50, 100, 500, 1000), strict=True))[c] for c in word]
    return sum(-v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values))


def ref_lower(text: str) -> str:
    return "".join("i" if c == "\u0130" else c.lower() for c in text)


def score(gold, pred, **kwargs) -> answermatch.Result:
    return answermatch.evaluate("poleval2021", gold, pred, **kwargs)


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


# --- parity with the official figures ----------------------------------------


@pytest.mark.parity
@pytest.mark.parametrize("system", SYSTEMS)
def test_parity_accuracy_and_per_item_verdicts(parity, system):
    gold = parity("poleval2021", "dev-0", "expected.tsv")
    pred = parity("poleval2021", "outputs", f"{system}.dev-0.out.tsv")
    official = json.loads(
        parity("poleval2021", "outputs", f"{system}.dev-0.official.json").read_text("utf-8")
    )
    result = score(gold, pred)
    assert result.n == official["n"] == 1000
    assert abs(result.scores["accuracy"] - official["scores"]["accuracy"]) <= 1e-9
    assert [int(item["score"]) for item in result.items] == official["per_item"]
    assert f"{result.scores['accuracy']:.2f}" == official["printed_by_geval"]
    assert [item["id"] for item in result.items] == list(range(1, 1001))
    assert result.warnings == ()


@pytest.mark.parity
def test_parity_with_loaded_lists_and_variant_lists(parity):
    system = SYSTEMS[0]
    gold_lines = parity("poleval2021", "dev-0", "expected.tsv").read_text("utf-8").split("\n")[:-1]
    pred_lines = (
        parity("poleval2021", "outputs", f"{system}.dev-0.out.tsv").read_text("utf-8").split("\n")
    )
    if pred_lines[-1] == "":
        pred_lines.pop()
    official = json.loads(
        parity("poleval2021", "outputs", f"{system}.dev-0.official.json").read_text("utf-8")
    )
    for gold in (gold_lines, [line.split("\t") for line in gold_lines]):
        result = score(gold, pred_lines)
        assert [int(item["score"]) for item in result.items] == official["per_item"]
        assert abs(result.scores["accuracy"] - official["scores"]["accuracy"]) <= 1e-9


@pytest.mark.parity
def test_parity_through_the_cli(parity, capsys, tmp_path):
    gold = parity("poleval2021", "dev-0", "expected.tsv")
    pred = parity("poleval2021", "outputs", "filipggg-mt5.dev-0.out.tsv")
    official = json.loads(
        parity("poleval2021", "outputs", "filipggg-mt5.dev-0.official.json").read_text("utf-8")
    )
    items = tmp_path / "items.jsonl"
    argv = ["score", "poleval2021", "--gold", str(gold), "--pred", str(pred), "--json"]
    assert main([*argv, "--items", str(items)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["task"] == "poleval2021" and out["n"] == 1000
    assert out["scores"]["accuracy"] == pytest.approx(official["scores"]["accuracy"], abs=1e-9)
    records = [json.loads(line) for line in items.read_text("utf-8").splitlines()]
    assert [r["id"] for r in records] == list(range(1, 1001))
    assert [int(r["score"]) for r in records] == official["per_item"]


# --- the hand-written example -------------------------------------------------


def test_example_files_score_as_derived_by_hand():
    result = score(EXAMPLES / "expected.tsv", EXAMPLES / "out.tsv")
    # see examples/poleval2021/README.md for the reason of each verdict
    assert [int(i["score"]) for i in result.items] == [1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 0]
    assert result.scores == {"accuracy": pytest.approx(8 / 14 * 100, abs=1e-9)}
    assert result.per_language == {}
    assert [i["matched_variant"] for i in result.items] == [
        0, 0, 0, None, None, 1, 0, 1, None, None, None, 0, 0, None
    ]  # fmt: skip
    assert [i["rule"] for i in result.items] == [
        "fuzzy", "number", "number", "number", "fuzzy", "fuzzy", "fuzzy",
        "number", "fuzzy", "number", "number", "fuzzy", "fuzzy", "fuzzy",
    ]  # fmt: skip
    sobieski, pi, mickiewicz, odra = (result.items[k] for k in (3, 10, 11, 12))
    assert (sobieski["gold_number"], sobieski["answer_number"]) == ("3", None)
    assert (pi["gold_number"], pi["answer_number"]) == ("3.14", "3")
    # delete "adam " (5) and insert the final "a" (1); 15 / 2 allowed
    assert (mickiewicz["distance"], mickiewicz["max_distance"]) == (6, 7.5)
    assert (odra["distance"], odra["max_distance"], odra["similarity"]) == (2, 2.0, 0.5)
    lines = (EXAMPLES / "in.tsv").read_text("utf-8").splitlines()
    assert len(lines) == result.n == 14 and all(q.endswith("?") for q in lines)


# --- GEval's reading rules ----------------------------------------------------


def test_haskell_isspace_is_exactly_the_documented_set():
    expected = {chr(c) for c in (9, 10, 11, 12, 13, 32, 0xA0)} | {
        chr(c) for c in range(0x378, 0x110000) if unicodedata.category(chr(c)) == "Zs"
    }
    assert set(HASKELL_SPACES) == expected
    for char in "\x1c\x1d\x1e\x1f\x85\u2028\u2029\u180e\ufeff":
        assert haskell_strip(f"{char}a{char}") == f"{char}a{char}"
    assert haskell_strip("\t\u3000\u202f a b \xa0\u2000") == "a b"
    assert haskell_words("a\u2003b\x85c  d") == ["a", "b\x85c", "d"]


def test_lines_split_on_newline_only_and_lose_carriage_returns():
    others = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
    text = f"a{others}b\r\n\nc\rd\n"
    assert split_lines(text) == [f"a{others}b", "", "cd"]
    assert len(text.splitlines()) > 3  # what Python would have done
    assert split_lines("x") == ["x"] and split_lines("x\n") == ["x"]
    assert split_lines("x\n\n") == ["x", ""]
    assert split_lines("\n") == [""]


def test_lowercasing_is_one_code_point_to_one():
    assert haskell_lower("ŁÓDŹ ŚWIĘTOKRZYSKIE") == "łódź świętokrzyskie"
    assert haskell_lower("İ") == "i"  # str.lower gives "i" + U+0307
    assert haskell_lower("ΟΔΟΣ") == "οδοσ"  # str.lower gives a final sigma
    assert haskell_lower("\u1e9e\u01c5") == "ß\u01c6"
    assert all(len(haskell_lower(chr(c))) == 1 for c in range(0x110000) if c < 0xD800 or c > 0xDFFF)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("aAİıIΣσςΟΔxX ŁłŚ\u0307")))
def test_lowercasing_matches_the_per_character_reference(text):
    assert haskell_lower(text) == ref_lower(text)


def test_invalid_utf8_becomes_one_replacement_character_per_byte():
    # E2 82 is a truncated euro sign: Python's "replace" gives one U+FFFD
    assert decode_lenient(b"\xe2\x82A") == "\ufffd\ufffdA"
    assert b"\xe2\x82A".decode("utf-8", "replace") == "\ufffdA"
    assert decode_lenient(b"\xed\xa0\x80x") == "\ufffd" * 3 + "x"  # an encoded surrogate
    assert decode_lenient(b"\xc0\xaf") == "\ufffd\ufffd"  # overlong "/"
    assert decode_lenient(b"\xef\xbb\xbfa") == "\ufeffa"


PIECES = [b"a", b"\n", b"\xc3\xb3", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\x80", b"\xff",
          b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80",
          b"\xe0\x80", b"\xf5"]  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.binary(max_size=40), st.lists(st.sampled_from(PIECES)).map(b"".join)))
def test_lenient_decoding_matches_the_byte_by_byte_reference(data):
    assert decode_lenient(data) == ref_decode(data)


# --- GEval's number rule ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("ok. 3,5 mln", "3"),  # a comma is not a decimal point
        ("-5", "5"),  # a sign only belongs to the decimal-point form
        ("-5.5 stopnia", "-5.5"),
        ("+.5 litra", "+.5"),
        ("1.2.3", "1.2"),
        ("3.", "3"),
        ("rok 05", "05"),
        ("w 1410 r., XV wiek", "1410"),  # digits first, Roman numerals only without them
        ("Ludwik XIV", "14"),
        ("IIX", "10"),  # lenient right-to-left reading
        ("IM", "999"),
        ("VX", "5"),
        ("MCMXC", "1990"),
        ("Jan III Sobieski", "3"),
        ("X\u3000V", "10"),  # U+3000 separates words
        ("X\x85V", None),  # U+0085 does not: one word with a non-numeral
        ("xiv", None),  # lowercase is not a numeral
        ("XIV.", None),
        ("\u0663 \uff13", None),  # Arabic-Indic and full-width digits are not digits
        ("tak", None),
        ("", None),
    ],
)
def test_extract_number_string(text, number):
    assert extract_number_string(text) == number


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="IVXLCDM", min_size=1, max_size=12))
def test_roman_reading_matches_the_pairwise_reference(word):
    assert roman_to_int(word) == ref_roman(word)
    assert ref_roman(word) > 0


# --- matching -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("gold", "answer", "expected"),
    [
        # number rule, on identical number strings, without fuzzy fallback
        ("5", "05", 0),
        ("05", "5", 0),
        ("3", "3,5", 1),
        ("-5", "5", 1),
        ("-5.5", "5.5", 0),
        ("14", "XIV", 1),
        ("w XIV", "14 wiek", 1),
        ("Jan III Sobieski", "Jan Sobieski", 0),
        ("Jan III Sobieski", "3", 1),
        ("52", "pięćdziesiąt dwa", 0),
        # fuzzy: d <= len(gold) / 2, inclusive
        ("Odra", "Odrze", 1),  # d = 2 (a -> z, + e), 4 / 2
        ("Odra", "Odrzee", 0),  # d = 3
        ("Nil", "NILU", 1),  # d = 1 <= 1.5
        ("Nil", "Nilem", 0),  # d = 2
        ("a", "b", 0),  # d = 1 > 0.5
        ("tak", "Tak", 1),
        # code points, not UTF-16 units or graphemes
        ("\U0001f600\U0001f600", "\U0001f600", 1),  # d = 1 <= 1
        ("\u00e9", "e\u0301", 0),  # d = 2 > 0.5
        # simple lowercasing
        ("i", "\u0130", 1),  # str.lower would give d = 1 > 0.5
        # Haskell stripping of the answer line
        ("a", "a\x1c", 0),  # U+001C is not stripped: d = 1
        ("a", "\u3000a\xa0", 1),
        ("a", "\u2028a", 0),
        # variants are not stripped again
        ("x\t  a\ty", "a", 0),  # d("a", "  a") = 2 > 1.5
        ("  a", "a", 1),  # a one-variant line is stripped as a whole
        ("\ttak", "tak", 1),  # a leading TAB is stripped with the line
        ("Stanów Zjednoczonych\tUSA", "usa", 1),
    ],
)
def test_line_verdicts(gold, answer, expected):
    result = score([gold], [answer])
    assert result.items[0]["score"] == expected
    assert result.scores["accuracy"] == 100.0 * expected


def test_items_describe_the_matching_or_the_closest_variant():
    result = score(["czterech\tczworo\t4", "Gerlach\tRysy", "\tx"], ["4", "Rys", ""])
    four, rysy, empty = result.items
    assert (four["matched_variant"], four["best_variant"], four["rule"]) == (2, 2, "number")
    assert (four["gold_number"], four["answer_number"]) == ("4", "4")
    assert four["prediction"] == "4" and four["gold"] == ["czterech", "czworo", "4"]
    # "rys" vs "gerlach": no match; vs "rysy": d = 1 <= 2
    assert (rysy["matched_variant"], rysy["distance"], rysy["max_distance"]) == (1, 1, 2.0)
    # the line "\tx" is stripped to "x": one variant, d = 1 > 0.5
    assert empty["gold"] == ["x"] and empty["matched_variant"] is None
    assert (empty["rule"], empty["distance"], empty["similarity"]) == ("fuzzy", 1, 0.0)
    miss = score(["Gerlach\tRysy"], ["Kasprowy"]).items[0]
    # d("kasprowy", "rysy") >= 8 - 4 = len("rysy") and d("kasprowy", "gerlach") >= 7:
    # both similarities are 0, so the first variant is the one described
    assert ref_levenshtein("kasprowy", "gerlach") >= 7
    assert (miss["best_variant"], miss["similarity"], miss["matched_variant"]) == (0, 0.0, None)


def test_empty_variants_never_match_and_are_warned_about():
    gold, pred = ["tak", "tak\t\tnie", "", "nie\t"], ["tak", "", "", "nie"]
    with pytest.warns(AnswermatchWarning, match=r"<gold>:2: 2 gold line\(s\) are empty"):
        result = score(gold, pred)
    # line 4: the trailing TAB of "nie\t" goes with the stripping of the line
    assert result.items[3]["gold"] == ["nie"]
    assert [i["score"] for i in result.items] == [1.0, 0.0, 0.0, 1.0]
    assert [i["rule"] for i in result.items[1:3]] == ["fuzzy", "empty"]
    assert result.items[2]["best_variant"] == 0
    with pytest.raises(InputError, match="never matches an empty variant"):
        score(gold, pred, strict=True)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="abcąęłóśżABĄŁŚŻ xyz", max_size=12),
    st.lists(st.text(alphabet="abcąęłóśżABĄŁŚŻ xyz", max_size=12), min_size=1, max_size=3),
)
def test_fuzzy_matching_agrees_with_the_reference(answer, variants):
    # no digits and no uppercase IVXLCDM here, so the number rule stays out
    verdict = FuzzyAccuracy().judge(answer, variants)
    ref = [
        bool(v) and ref_levenshtein(ref_lower(answer), ref_lower(v)) <= len(v) / 2 for v in variants
    ]
    assert verdict.matched == any(ref)
    if verdict.matched:
        assert verdict.variant == ref.index(True)
    if verdict.rule == "fuzzy":
        v = variants[verdict.variant]
        assert verdict.distance == ref_levenshtein(ref_lower(answer), ref_lower(v))


# --- files, loaded objects and input errors ------------------------------------


def test_files_are_read_as_geval_reads_them(tmp_path):
    gold = write(tmp_path / "expected.tsv", b"tak\r\nnie\r\na\nb\n")
    # no final newline; "\r" anywhere is deleted; VT and U+2028 do not split lines
    pred = write(tmp_path / "out.tsv", "ta\rk\nnie\r\na\x0bx\nb\u2028".encode())
    result = score(gold, pred)
    assert [i["score"] for i in result.items] == [1.0, 1.0, 0.0, 0.0]
    assert result.items[0]["prediction"] == "tak"


def test_gzip_files_are_accepted(tmp_path):
    gold = tmp_path / "expected.tsv.gz"
    with gzip.open(gold, "wb") as fh:
        fh.write("Kraków\t4\n".encode())
    pred = write(tmp_path / "out.tsv", b"krakow\n")
    assert score(gold, pred).scores["accuracy"] == 100.0


@pytest.mark.parametrize(
    ("pred_bytes", "which"), [(b"a\n", "few"), (b"a\nb\nc\n", "many"), (b"a\nb\n\n", "many")]
)
def test_line_count_mismatch_names_both_files_and_counts(tmp_path, pred_bytes, which):
    gold = write(tmp_path / "expected.tsv", b"a\nb\n")
    pred = write(tmp_path / "out.tsv", pred_bytes)
    count = len(split_lines(pred_bytes.decode()))
    with pytest.raises(InputError, match=f"too {which} lines") as info:
        score(gold, pred)
    message = str(info.value)
    assert str(pred) in message and str(gold) in message
    assert f"{count} in the predictions, 2 in the gold" in message


def test_invalid_utf8_is_replaced_with_a_warning_naming_file_and_line(tmp_path):
    gold = write(tmp_path / "expected.tsv", b"tak\nab\nnie\n")
    # line 2: per-byte replacement gives d("\ufffd\ufffdab", "ab") = 2 > 1 (no
    # match); Python's one-per-sequence replacement would give d = 1 (a match)
    pred = write(tmp_path / "out.tsv", b"tak\n\xe2\x82ab\n\xffnie\n")
    with pytest.warns(AnswermatchWarning, match=rf"{tmp_path / 'out.tsv'}:2: invalid UTF-8"):
        result = score(gold, pred)
    assert [i["score"] for i in result.items] == [1.0, 0.0, 1.0]
    assert result.items[1]["prediction"] == "\ufffd\ufffdab"
    assert "2 line(s) affected" in result.warnings[0]
    with pytest.raises(InputError, match="--strict"):
        score(gold, pred, strict=True)


def test_a_byte_order_mark_stays_part_of_line_one_with_a_warning(tmp_path):
    gold = write(tmp_path / "expected.tsv", b"a\nb\n")
    pred = write(tmp_path / "out.tsv", b"\xef\xbb\xbfa\nb\n")
    with pytest.warns(AnswermatchWarning, match="byte-order mark"):
        result = score(gold, pred)
    # "\ufeffa" vs "a": d = 1 > 0.5
    assert [i["score"] for i in result.items] == [0.0, 1.0]
    with pytest.raises(InputError, match=r"out.tsv:1: .*byte-order mark"):
        score(gold, pred, strict=True)


def test_empty_files_have_nothing_to_score(tmp_path):
    gold = write(tmp_path / "expected.tsv", b"")
    pred = write(tmp_path / "out.tsv", b"")
    with pytest.raises(InputError, match="no lines to score"):
        score(gold, pred)


@pytest.mark.parametrize(
    ("gold", "pred", "message"),
    [
        ([["a", 1]], ["a"], r"<gold>:1: expected a non-empty list"),
        ([["a\tb"]], ["a"], r"<gold>:1: expected a non-empty list"),
        ([[]], ["a"], r"<gold>:1: expected a non-empty list"),
        (["a", 3], ["a", "b"], r"<gold>:2: expected a string, got int"),
        (["a"], ["a\nb"], r"<predictions>:1: a line may not contain a newline"),
        (["a"], [["a"]], r"<predictions>:1: expected a string, got list"),
        (["a"], 5, r"<predictions>: expected a path or a list of answers, got int"),
        ({"q1": "a"}, ["a"], r"<gold>: expected a path or a list of lines"),
    ],
)
def test_malformed_loaded_objects(gold, pred, message):
    with pytest.raises(InputError, match=message):
        score(gold, pred)


def test_loaded_variant_lists_are_the_tab_joined_line():
    result = score([("Warszawa", "stolica"), ["  x", "y  "]], ["Stolica", "x"])
    assert result.items[0]["matched_variant"] == 1
    # the line "  x\ty  " is stripped as a whole: variants "x" and "y"
    assert result.items[1]["gold"] == ["x", "y"] and result.items[1]["score"] == 1.0


def test_the_task_takes_no_options():
    with pytest.raises(TypeError, match="threshold"):
        score(["a"], ["a"], threshold=0.8)


def test_result_metadata():
    result = score(["a"], ["a"])
    assert result.task == "poleval2021" and result.profile == "official"
    assert "LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy" in result.signature
    spec = answermatch.tasks.get_task("poleval2021")
    assert (spec.primary, tuple(spec.profiles), spec.languages) == (
        "accuracy",
        ("official", "fair"),
        ("pl",),
    )


# --- command line ---------------------------------------------------------------


def test_cli_mismatched_line_counts_exit_2(tmp_path, capsys):
    gold = write(tmp_path / "expected.tsv", b"a\nb\n")
    pred = write(tmp_path / "out.tsv", b"a\n")
    assert main(["score", "poleval2021", "--gold", str(gold), "--pred", str(pred)]) == 2
    err = capsys.readouterr().err
    assert "too few lines" in err and str(gold) in err and str(pred) in err


def test_cli_strict_turns_invalid_utf8_into_an_error(tmp_path, capsys):
    gold = write(tmp_path / "expected.tsv", b"tak\n")
    pred = write(tmp_path / "out.tsv", b"tak\xff\n")
    argv = ["score", "poleval2021", "--gold", str(gold), "--pred", str(pred), "--json"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["scores"]["accuracy"] == 100.0  # d = 1 <= 1.5
    assert f"warning: {pred}:1: invalid UTF-8" in captured.err
    assert main([*argv, "--strict"]) == 2
    assert f"{pred}:1: invalid UTF-8" in capsys.readouterr().err


def test_cli_items_file_holds_one_json_line_per_answer(tmp_path, capsys):
    items = tmp_path / "items.jsonl"
    argv = ["score", "poleval2021", "--gold", str(EXAMPLES / "expected.tsv"),
            "--pred", str(EXAMPLES / "out.tsv"), "--items", str(items)]  # fmt: skip
    assert main(argv) == 0
    assert "57.14" in capsys.readouterr().out
    records = [json.loads(line) for line in items.read_text("utf-8").splitlines()]
    assert [r["id"] for r in records] == list(range(1, 15))
    assert records[5]["gold"] == ["biały i czerwony", "czerwony i biały"]
    assert records[5]["matched_variant"] == 1


def test_a_score_counts_its_matches_without_making_item_dicts(monkeypatch):
    from answermatch.tasks.poleval2021 import task as poleval_task

    made = []
    real = poleval_task._item
    monkeypatch.setattr(poleval_task, "_item", lambda *args: made.append(args[1]) or real(*args))
    gold = ["4\tcztery", "Kraków", "tak", "1410"]
    answers = ["cztery", "Krakow", "nie", ""]
    result = answermatch.evaluate("poleval2021", gold, answers)
    assert made == []  # scored from the columns alone
    assert result.scores["accuracy"] == 50.0
    assert [item["score"] for item in result.items] == [1.0, 1.0, 0.0, 0.0]
    assert made == [1, 2, 3, 4]  # each dict made when it is read
