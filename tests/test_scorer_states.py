"""``Scorer.from_dict`` trusts no state: every forged field is one
``AnswermatchError`` naming it, never a wrong score or a raw traceback."""

from __future__ import annotations

import copy
import json
import warnings

import pytest

from answermatch import Scorer, scorer
from answermatch.errors import AnswermatchError

ANSWER_1 = {"text": "Paris", "answer_start": 0}
ANSWER_2 = {"text": "big", "answer_start": 9}
GOLD = {
    "version": "1.1",
    "data": [
        {
            "paragraphs": [
                {
                    "context": "Paris is big",
                    "qas": [
                        {
                            "id": "q1",
                            "question": "?",
                            "answers": [{"text": "Paris", "answer_start": 0}],
                        },
                        {
                            "id": "q2",
                            "question": "?",
                            "answers": [{"text": "big", "answer_start": 9}],
                        },
                    ],
                }
            ]
        }
    ],
}


@pytest.fixture(scope="module")
def squad_state():
    part = scorer("squad")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        part.update(GOLD, {"q1": "Paris", "q2": "small"})
    return json.loads(json.dumps(part.to_dict()))


def forged(state, **changes):
    out = copy.deepcopy(state)
    out.update(changes)
    return out


def test_a_genuine_state_loads_and_scores(squad_state):
    assert Scorer.from_dict(squad_state).compute().scores["exact_match"] == 50.0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"task": "korquad"}, "signature says task 'squad'"),
        ({"profile": "fair"}, "signature says profile 'official'"),
        ({"totals": [[None, 2, [-1.0, 1.0]]]}, r"statistic 0 is -1.0, outside \[0.0, 2.0\]"),
        ({"totals": [[None, 2, [6.1, 1.0]]]}, r"statistic 0 is 6.1, outside"),
        ({"totals": [[None, -2, [1.0, 1.0]]], "n": -2}, "n must be a whole number >= 0"),
        ({"totals": [[None, 2, [float("nan"), 1.0]]]}, "statistic 0 is nan, not a finite"),
        ({"totals": [[None, 2, [float("inf"), 1.0]]]}, "statistic 0 is inf, not a finite"),
        ({"totals": [[None, 2, [1e308 * 10, 1.0]]]}, "not a finite"),
        ({"totals": [[None, 2, ["1", 1.0]]]}, "not a finite number"),
        ({"totals": [[None, 2, [True, 1.0]]]}, "not a finite number"),
        ({"totals": [[None, 2, [1.0]]]}, "expected a list of 2 numbers"),
        ({"n": 10**30}, "n is 1" + "0" * 30 + " but the totals count 2 items"),
        ({"totals": [], "n": 5}, "n is 5 but the totals count 0 items"),
        ({"totals": [[None, 0, [0.0, 0.0]]], "n": 0}, "a group without items"),
        ({"totals": [["xx", 2, [1.0, 1.0]]]}, "unknown group 'xx'"),
        ({"totals": [[None, 2, [1.0, 1.0]], [None, 2, [1.0, 1.0]]], "n": 4}, "appears twice"),
        ({"totals": "nope"}, "totals must be a list"),
        ({"strict": "false"}, "strict must be a bool, not str"),
        ({"n": 2.0}, "n must be a whole number"),
        ({"n": True}, "n must be a whole number"),
        ({"options": {"nonsense": 1}}, "not a valid scorer state"),
        ({"options": []}, "options must be a dict"),
        ({"rows": [[1.0, 1.0]]}, "keeps none"),
        ({"signatures": []}, "no signature for 2 items"),
        ({"signatures": [1]}, "signatures: expected a list of strings"),
        ({"warnings": None}, "warnings must be a list"),
        ({"items": [{}]}, "items: expected 2 objects"),
        ({"extra": 1}, "unknown field 'extra'"),
        ({"format": True}, "not an answermatch scorer state of format 1"),
        ({"task": 5}, "task must be a str"),
        ({"task": "no-such-task"}, "not a valid scorer state: unknown task"),
    ],
)
def test_a_forged_state_is_one_clear_error(squad_state, changes, message):
    with pytest.raises(AnswermatchError, match=message):
        Scorer.from_dict(forged(squad_state, **changes))


def test_another_versions_signature_is_refused(squad_state):
    signature = squad_state["signatures"][0].replace("version:", "version:9")
    with pytest.raises(AnswermatchError, match="signature says version '90"):
        Scorer.from_dict(forged(squad_state, signatures=[signature]))


def test_a_state_missing_fields_names_them(squad_state):
    state = forged(squad_state)
    del state["totals"], state["n"]
    with pytest.raises(AnswermatchError, match="it lacks n, totals"):
        Scorer.from_dict(state)
    with pytest.raises(AnswermatchError, match="a scorer state is a mapping, not list"):
        Scorer.from_dict([1])


def test_groups_are_checked_against_the_task_languages():
    # XOR-Retrieve groups by language and declares its seven
    state = {
        "format": 1,
        "task": "xor-retrieve",
        "profile": "official",
        "options": {},
        "strict": False,
        "n": 1,
        "totals": [["xx", 1, [1.0, 1.0]]],
        "rows": None,
        "signatures": [],
        "warnings": [],
        "items": None,
    }
    with pytest.raises(AnswermatchError, match="unknown group 'xx'; the task's groups are ar, bn"):
        Scorer.from_dict(state)
    state["totals"] = [[5, 1, [1.0, 1.0]]]
    with pytest.raises(AnswermatchError, match="a group is a language code, not 5"):
        Scorer.from_dict(state)


def test_a_pooled_task_has_one_group():
    # PolEval pools every item (no group): a state that names one is forged
    part = scorer("poleval2021")
    part.update([["Paryż"], ["4", "cztery"]], ["paryż", "pięć"])
    state = json.loads(json.dumps(part.to_dict()))
    assert Scorer.from_dict(state).compute().scores == part.compute().scores
    state["totals"] = [["pl", *state["totals"][0][1:]]]
    with pytest.raises(AnswermatchError, match="pools every item, but the group is 'pl'"):
        Scorer.from_dict(state)


def test_rows_are_checked_one_by_one():
    # SQuAD 2.0 keeps every item's statistics (rows) for its best threshold
    part = scorer("squad-v2")
    gold = copy.deepcopy(GOLD)
    gold["version"] = "v2.0"
    for qa in gold["data"][0]["paragraphs"][0]["qas"]:
        qa["is_impossible"] = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        part.update(gold, {"q1": "Paris", "q2": ""})
    state = json.loads(json.dumps(part.to_dict()))
    assert Scorer.from_dict(state).compute().scores == part.compute().scores
    bad = copy.deepcopy(state)
    bad["rows"][1][6] = 99.0  # the flags are 0..7
    with pytest.raises(AnswermatchError, match=r"rows\[1\]: statistic 6 is 99.0, outside"):
        Scorer.from_dict(bad)
    bad["rows"] = bad["rows"][:1]
    with pytest.raises(AnswermatchError, match="1 rows for n=2 items"):
        Scorer.from_dict(bad)


def _state_of(task, **options):
    part = scorer(task, **options)
    gold = copy.deepcopy(GOLD)
    if task == "squad-v2":
        gold["version"] = "v2.0"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        part.update(gold, {"q1": "Paris", "q2": "small"})
    return json.loads(json.dumps(part.to_dict())), part.compute().scores


@pytest.mark.parametrize(
    ("task", "options"),
    [
        ("squad", {"lang": "de"}),
        ("squad", {"lang": "DE"}),  # the signature names the canonical code
        ("mlqa", {"lang": "es"}),
        ("squad-v2", {"na_prob_thresh": 0.5, "lang": "en"}),
    ],
)
def test_a_state_with_options_loads(task, options):
    state, scores = _state_of(task, **options)
    assert Scorer.from_dict(state).compute().scores == scores


@pytest.mark.parametrize(
    ("task", "options", "forged_options", "message"),
    [
        # values the task refuses, each named
        ("squad", {}, {"lang": "xx"}, "options: lang 'xx' is not a language code"),
        ("squad", {}, {"lang": 5}, "options: lang must be a language code, not int"),
        ("mlqa", {"lang": "es"}, {"lang": "fr"}, "options: MLQA's script has no rules for"),
        ("squad-v2", {}, {"na_prob_thresh": "high"}, "options: na_prob_thresh must be a number"),
        ("squad-v2", {}, {"pr_curves": "maybe"}, "options: pr_curves must be true or false"),
        # values that contradict the signatures
        ("squad", {}, {"lang": "de"}, "options: its signature says no lang, but its options"),
        ("squad", {"lang": "de"}, {}, "options: its signature says lang 'de', but .* no lang"),
        ("squad", {"lang": "de"}, {"lang": "en"}, "says lang 'de', but .* give lang 'en'"),
        ("mlqa", {"lang": "es"}, {"lang": "de"}, "says lang 'es', but .* give lang 'de'"),
        ("squad-v2", {}, {"na_prob_thresh": 0.5}, "says na_prob_thresh '1.0', but .* '0.5'"),
        ("squad-v2", {}, {"pr_curves": True}, "says no pr_curves, but .* give pr_curves 'yes'"),
    ],
)
def test_forged_option_values_are_refused(task, options, forged_options, message):
    state, _ = _state_of(task, **options)
    with pytest.raises(AnswermatchError, match=message):
        Scorer.from_dict(forged(state, options=forged_options))


@pytest.mark.parametrize(
    ("task", "options", "message"),
    [
        ("cmrc2018", {"version": 7}, "option version must be 5 or 6"),
        ("zalo2019", {"average": "median"}, "option average must be one of micro, macro"),
        ("nlpcc-dbqa", {"ties": "random"}, "option ties: expected one of input"),
        ("nlpcc-kbqa", {"ks": "0"}, "option ks: expected positive integers"),
        ("ntcir-dsqa", {"default_lang": "fr"}, "option default_lang must be one of en, ja"),
        ("mkqa", {"lang": "xx"}, "unknown MKQA language 'xx'"),
        ("open-qa", {"matcher": "nope"}, "unknown matcher 'nope'"),
        ("open-qa", {"lang": "xx"}, "unknown language 'xx'"),
    ],
)
def test_every_task_checks_its_option_values(task, options, message):
    # refused when a scorer is made, and in a state (one without items here)
    with pytest.raises(AnswermatchError, match=message):
        scorer(task, **options)
    empty = {
        "format": 1,
        "task": task,
        "profile": "official",
        "options": options,
        "strict": False,
        "n": 0,
        "totals": [],
        "rows": None,
        "signatures": [],
        "warnings": [],
        "items": None,
    }
    with pytest.raises(AnswermatchError, match="not a valid scorer state: options: " + message):
        Scorer.from_dict(empty)


@pytest.mark.parametrize(
    ("task", "state_options", "forged_options", "field"),
    [
        ("cmrc2018", {}, {"version": 5}, "script 'v6'"),
        ("zalo2019", {}, {"average": "macro"}, "average 'micro'"),
        ("nlpcc-dbqa", {}, {"ties": "pessimistic"}, "ties 'input'"),
        ("nlpcc-kbqa", {}, {"ks": [1, 3]}, "ks '1,3,5'"),
        ("open-qa", {}, {"matcher": "f1"}, "match 'em'"),
    ],
)
def test_option_values_are_checked_against_the_signature(
    task, state_options, forged_options, field
):
    from answermatch.tasks import get_task

    spec = get_task(task)
    settings = spec.settings("official")
    fields = spec.option_fields(settings, **state_options)
    signature = "|".join(
        [f"task:{task}", "profile:official", *(f"{k}:{v}" for k, v in fields.items())]
    )
    state = {
        "format": 1,
        "task": task,
        "profile": "official",
        "options": forged_options,
        "strict": False,
        "n": 0,
        "totals": [],
        "rows": [] if spec.aggregation(settings).rows else None,
        "signatures": [signature],
        "warnings": [],
        "items": None,
    }
    with pytest.raises(AnswermatchError, match=f"options: its signature says {field}"):
        Scorer.from_dict(state)
    state["options"] = state_options
    assert Scorer.from_dict(state).n == 0
