"""zalo2019 on the task contract: explain, check-gold, aggregation and
compare, the fair alias, signatures and hostile input (issue 15)."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchError, AnswermatchWarning, InputError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.significance import aggregation_of, compare_results, paired_bootstrap
from answermatch.tasks import get_task
from answermatch.tasks.zalo2019 import Zalo2019, prf

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples" / "zalo2019"
DOCS_EXAMPLES = REPO / "docs" / "examples" / "zalo2019"
GOLD, PRED = EXAMPLES / "test_labelled.json", EXAMPLES / "submission.csv"
PRIVATE = ("zalo2019", "ZaloQA_private_test_with_labels_unverified.json")


def score(gold, pred, profile="official", **options):
    return answermatch.evaluate("zalo2019", gold, pred, profile, **options)


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def zalo(*cases: tuple) -> str:
    """A labelled test.json of (id, [labels]) cases, one key per line."""
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


def test_registered_class_and_its_description():
    task = get_task("zalo2019")
    assert isinstance(task, Zalo2019)
    assert '"label": bool' in task.describe()["shapes"]["gold"]


# --- explain gives the numbers of evaluate ---------------------------------------------


@pytest.mark.parametrize("profile", ["official", "fair"])
@pytest.mark.parametrize("average", ["micro", "macro"])
def test_explain_agrees_with_evaluate(profile, average):
    items = score(GOLD, PRED, profile, average=average).items
    explanations = explain("zalo2019", str(GOLD), str(PRED), profile=profile, average=average)
    assert [e.id for e in explanations] == [i["id"] for i in items]
    for e, item in zip(explanations, items, strict=True):
        for key, value in e.scores.items():
            assert value == item[key], (item["id"], key)


def test_explain_paragraphs():
    gold = [
        {"__id__": "t1", "paragraphs": [{"id": "p1", "label": True}, {"id": "p2", "label": False}]}
    ]
    [z] = explain("zalo2019", gold, [("t1", "p1"), ("t1", "p2")])
    assert (z.scores["precision"], z.scores["recall"]) == (0.5, 1.0)
    assert [v.matched for v in z.variants] == [True, False]
    assert [v.details["submitted"] for v in z.variants] == [True, True]


def test_explain_with_a_csv_gold_shows_the_wrong_paragraphs_too(tmp_path):
    gold = write(tmp_path / "gold.csv", "test_id,answer\nt1,p1\n")
    pred = write(tmp_path / "pred.csv", "test_id,answer\nt1,p2\n")
    [z] = explain("zalo2019", str(gold), str(pred))
    assert [(v.text.raw, v.matched, v.details["submitted"]) for v in z.variants] == [
        ("p1", False, False),
        ("p2", False, True),
    ]
    assert z.score == 0.0 and z.verdict == "no match"


# --- check-gold reads with the scorer's reader -------------------------------------------


def gold_findings(tmp_path: Path, text: str, name: str = "test.json") -> list:
    path = write(tmp_path / name, text)
    return [(f.severity, f.code, f.line) for f in check_gold("zalo2019", str(path))]


def test_check_gold_clean(tmp_path):
    assert gold_findings(tmp_path, zalo(("test_1", [True, False]), ("test_2", [False, True]))) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (zalo(("test_1", [False, False])), ("info", "no-positive", 3)),
        # the second case's "__id__" is on line 14
        (zalo(("test_1", [True]), ("test_2", [False])), ("info", "no-positive", 14)),
        (zalo(("test_1", [True, "yes"])), ("error", "unreadable", None)),
        (zalo(("test_1", [True]), ("test_1", [True])), ("error", "unreadable", None)),
        (
            '[{"__id__": "t", "paragraphs": [{"id": "p1", "text": "x"}]}]',
            ("error", "unreadable", None),
        ),
        ('[{"__id__": "t1", "paragraphs": 5}]', ("error", "unreadable", None)),
        ("", ("error", "unreadable", None)),
        ("[" * 100_000 + "]" * 100_000, ("error", "unreadable", None)),
    ],
)
def test_each_check_fires(tmp_path, text, expected):
    assert expected in gold_findings(tmp_path, text)


def test_check_gold_accepts_a_documented_csv_gold(tmp_path):
    assert gold_findings(tmp_path, "test_id,answer\nt1,p1\nt1,p3\nt2,p2\n", "gold.csv") == []


def test_check_gold_cli_on_paragraphs_that_are_not_a_list(tmp_path, capsys):
    path = write(tmp_path / "test.json", '[{"__id__": "t1", "paragraphs": 5}]')
    assert main(["check-gold", "zalo2019", "--gold", str(path)]) == 1
    out = capsys.readouterr().out
    assert "expected an object with '__id__' and a list of 'paragraphs'" in out


def test_check_gold_and_score_agree_on_an_empty_gold(tmp_path, capsys):
    empty = write(tmp_path / "test.json", "")
    message = "the gold file is empty; expected a labelled test.json or a CSV"
    with pytest.raises(InputError, match=message):
        score(empty, [])
    assert main(["check-gold", "zalo2019", "--gold", str(empty)]) == 1
    assert message in capsys.readouterr().out
    blank = write(tmp_path / "blank.csv", "\ufeff  \n")
    with pytest.raises(InputError, match=message):
        score(blank, [])


@pytest.mark.parametrize("name", ["test.json", "gold.csv"])
def test_a_gold_with_a_bom_is_accepted(tmp_path, name):
    text = zalo(("t1", [True, False])) if name.endswith("json") else "test_id,answer\nt1,p1\n"
    path = write(tmp_path / name, "\ufeff" + text)
    assert score(path, [("t1", "p1")]).scores["f1"] == 100.0
    assert check_gold("zalo2019", str(path)) == []


def test_deeply_nested_json_gold_is_a_clear_error(tmp_path):
    path = write(tmp_path / "test.json", "[" * 100_000 + "]" * 100_000)
    with pytest.raises(InputError, match="nested too deeply"):
        score(path, [])
    with pytest.raises(InputError, match="nested too deeply"):
        explain("zalo2019", str(path), [])


def test_duplicate_json_keys_warn(tmp_path):
    text = '[{"__id__": "t1", "__id__": "t2", "paragraphs": [{"id": "p1", "label": true}]}]'
    path = write(tmp_path / "test.json", text)
    with pytest.warns(AnswermatchWarning, match="duplicate key '__id__'"):
        result = score(path, [("t2", "p1")])
    assert result.items[0]["id"] == "t2"


def test_huge_label_does_not_break_the_message():
    gold = [{"__id__": "t1", "paragraphs": [{"id": "p1", "label": 10**5000}]}]
    with pytest.raises(InputError, match="found label an integer of about 5001 digits"):
        score(gold, [])


# --- one aggregation rule ---------------------------------------------------------------


@pytest.mark.parametrize("average", ["micro", "macro"])
@pytest.mark.parametrize("profile", ["official", "fair"])
def test_aggregation_reproduces_the_scores(profile, average):
    result = score(GOLD, PRED, profile, average=average)
    assert aggregation_of(result).summarize(result.items).scores == result.scores


def test_micro_and_macro_really_differ():
    micro, macro = score(GOLD, PRED), score(GOLD, PRED, average="macro")
    assert micro.scores["f1"] != pytest.approx(macro.scores["f1"])
    with pytest.raises(AnswermatchError, match="scored differently"):
        compare_results([micro, macro])


def _private_and_submission(parity) -> tuple[list, list[tuple[str, str]]]:
    """The labelled private test and a made-up submission: the first paragraph of
    every case, plus every labelled paragraph of every third case."""
    cases = json.loads(parity(*PRIVATE).read_text("utf-8"))
    pairs: list[tuple[str, str]] = []
    for k, case in enumerate(cases):
        chosen = {case["paragraphs"][0]["id"]}
        if k % 3 == 0:
            chosen |= {p["id"] for p in case["paragraphs"] if p["label"] is True}
        pairs += [(case["__id__"], pid) for pid in sorted(chosen)]
    return cases, pairs


@pytest.mark.parity
def test_micro_f1_pools_the_pairs_of_a_real_gold(parity):
    cases, pairs = _private_and_submission(parity)
    gold_pairs = {(c["__id__"], p["id"]) for c in cases for p in c["paragraphs"] if p["label"]}
    tp = len(set(pairs) & gold_pairs)
    expected = 100.0 * prf(tp, len(set(pairs)), len(gold_pairs))[2]
    result = score(cases, pairs)
    assert result.scores["f1"] == pytest.approx(expected, abs=1e-9)
    assert aggregation_of(result).score(result.items) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parity
def test_pooled_pair_bootstrap_matches_a_naive_resampling(parity):
    cases, pairs = _private_and_submission(parity)
    a, b = score(cases, pairs), score(cases, pairs[::2])

    def micro_f1(items):
        tp = sum(i["true_positives"] for i in items)
        submitted = sum(len(i["predicted"]) for i in items)
        return 100 * prf(tp, submitted, sum(len(i["gold"]) for i in items))[2]

    fast = paired_bootstrap(aggregation_of(a), [a.items, b.items], resamples=25, seed=9)
    draw = random.Random(9).random
    n = len(a.items)
    slow: list[list[float]] = [[], []]
    for _ in range(25):
        picks = [int(draw() * n) for _ in range(n)]
        for s, items in enumerate((a.items, b.items)):
            slow[s].append(micro_f1([items[p] for p in picks]))
    assert fast == [pytest.approx(s, abs=1e-9) for s in slow]


def test_cli_compare_passes_the_average(capsys):
    macro = score(GOLD, PRED, average="macro")
    argv = ["compare", "zalo2019", "--gold", str(GOLD), "--pred", str(PRED), "--pred", str(PRED)]
    assert main([*argv, "-o", "average=macro", "--json", "--resamples", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "average:macro" in data["signature"]
    assert data["systems"][0]["score"] == pytest.approx(macro.scores["f1"])


# --- the fair alias and signatures -------------------------------------------------------


def test_fair_is_an_alias_of_official():
    gold, pred = (DOCS_EXAMPLES / n for n in ("test.json", "submission.csv"))
    official, fair = score(gold, pred, "official"), score(gold, pred, "fair")
    assert official.scores == fair.scores and official.items == fair.items
    assert official.signature.replace("profile:official", "profile:fair") == fair.signature


def test_the_average_is_in_the_signature():
    micro, macro = score(GOLD, PRED), score(GOLD, PRED, average="macro")
    assert "average:micro" in micro.signature.split("|")
    assert "average:macro" in macro.signature.split("|")
    assert not [f for f in micro.signature.split("|") if f.startswith("tok.")]  # ids, no text
    with pytest.raises(InputError, match="average must be one of micro, macro"):
        score(GOLD, PRED, average=["macro"])


# --- no traceback on any input ------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["__id__", "paragraphs", "id", "label", "x"]), inner)
    ),
    max_leaves=20,
)
_CSV = st.lists(st.sampled_from(["test_id,answer", "t1,p1", ",", '"', "\n", "\ufeff", "a,b,c"]))


@settings(max_examples=150, deadline=None)
@given(
    gold=st.one_of(st.binary(max_size=100), _JSON.map(json.dumps), _CSV.map("".join)),
    pred=st.one_of(st.binary(max_size=100), _CSV.map("".join)),
)
def test_random_files_give_a_result_or_an_input_error(tmp_path_factory, gold, pred):
    folder = tmp_path_factory.mktemp("random")
    paths = []
    for name, content in (("test.json", gold), ("submission.csv", pred)):
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        (folder / name).write_bytes(data)
        paths.append(str(folder / name))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        for run in (
            lambda: score(*paths),
            lambda: explain("zalo2019", *paths),
            lambda: check_gold("zalo2019", paths[0]),
        ):
            try:
                run()
            except InputError as exc:
                assert str(exc) and exc.path in paths


@settings(max_examples=150, deadline=None)
@given(gold=_JSON, pred=_JSON)
def test_random_objects_give_a_result_or_an_input_error(gold, pred):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            score(gold, pred)
        except InputError as exc:
            assert str(exc)
