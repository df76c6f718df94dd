"""One settings abstraction for every task's profiles (answermatch.profiles)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass

import pytest

from answermatch.errors import UnknownProfileError
from answermatch.profiles import Settings, choice, rule
from answermatch.tasks import get_task


@dataclass(frozen=True)
class Rules(Settings):
    width: str = choice("keep", "nfkc")
    fold: Callable[[str], str] | None = rule(str.lower, casefold=str.casefold, off=None)
    strict: bool = choice(False, True)
    languages: tuple[str, ...] = ("en",)


def test_defaults_are_the_first_choices_and_the_official_rule():
    official = Rules("official")
    assert (official.width, official.fold, official.strict) == ("keep", str.lower, False)
    assert official.is_default and official.changes() == {}
    assert official.describe("rules") == "rules"


def test_a_rule_is_any_function_or_a_named_one():
    assert Rules("x", fold="casefold").fold is str.casefold
    assert Rules("x", fold="off").fold is None
    assert Rules("x", fold=str.upper).changes() == {"fold": "upper"}
    with pytest.raises(UnknownProfileError, match="fold 'upper' is not a function nor one of"):
        Rules("x", fold="upper")
    with pytest.raises(UnknownProfileError, match="fold 3 is not a function"):
        Rules("x", fold=3)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"width": "wide"}, "Rules 'x': width 'wide' is not one of keep, nfkc"),
        ({"strict": 1}, "Rules 'x': strict 1 is not one of False, True"),
        ({"strict": "yes"}, "Rules 'x': strict 'yes' is not one of False, True"),
    ],
)
def test_one_clear_error_for_a_value_outside_the_choices(changes, message):
    with pytest.raises(UnknownProfileError) as caught:
        Rules("x", **changes)
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


def test_replace_checks_and_names_the_known_settings():
    fair = Rules("official").replace(name="fair", width="nfkc", fold="casefold")
    assert fair.changes() == {"width": "nfkc", "fold": "casefold"}
    assert fair.describe("rules") == "rules(width=nfkc,fold=casefold)"
    assert fair.changes(fair) == {}
    with pytest.raises(UnknownProfileError, match="no setting 'colour'; its settings: width, fold"):
        fair.replace(colour="red")
    with pytest.raises(UnknownProfileError, match="width 'wide'"):
        fair.replace(width="wide")
    with pytest.raises(FrozenInstanceError):
        fair.width = "keep"  # type: ignore[misc]


def test_as_dict_is_plain_data():
    assert Rules("fair", fold="casefold", languages=("en", "fr")).as_dict() == {
        "name": "fair",
        "width": "keep",
        "fold": "casefold",
        "strict": False,
        "languages": ["en", "fr"],
    }
    assert Rules.choices("width") == ("keep", "nfkc")
    with pytest.raises(KeyError):
        Rules.choices("languages")


MIGRATED = [
    "mkqa",
    "nlpcc-dbqa",
    "nlpcc-kbqa",
    "ntcir-dsqa",
    "poleval2021",
    "xor-engspan",
    "xor-full",
    "xor-retrieve",
    "zalo2019",
]


@pytest.mark.parametrize("name", MIGRATED)
def test_task_profiles_are_settings_named_as_their_key(name):
    task = get_task(name)
    for key, settings in task.profiles.items():
        assert isinstance(settings, Settings)
        assert settings.name == key
        assert task.profile_name(settings) == key
        assert task.profile_name(settings.replace()) == key


@pytest.mark.parametrize(
    ("name", "field", "bad"),
    [
        ("mkqa", "punctuation", "latin1"),
        ("nlpcc-dbqa", "ties", "random"),
        ("nlpcc-kbqa", "over", "everything"),
        ("xor-engspan", "bare_string", "words"),
        ("xor-full", "bleu", "chars"),
        ("xor-retrieve", "match", "regex"),
        ("zalo2019", "average", "weighted"),
    ],
)
def test_a_rule_outside_a_tasks_choices_is_refused(name, field, bad):
    official = get_task(name).profiles["official"]
    with pytest.raises(UnknownProfileError, match=f"{field} '{bad}' is not one of"):
        official.replace(**{field: bad})


def test_a_changed_profile_is_custom_and_a_new_name_is_kept():
    task = get_task("mkqa")
    official = task.profiles["official"]
    assert task.profile_name(official.replace(width="nfkc")) == "custom"
    assert task.profile_name(official.replace(name="mine", width="nfkc")) == "mine"
    assert task.profile_name(official.replace(name="fair")) == "custom"  # not fair's rules


def test_poleval_rules_are_named_in_gevals_notation():
    official = get_task("poleval2021").profiles["official"]
    fair = official.replace(name="fair", number="NumberValue", lower="CaseFoldNFKC")
    assert fair == get_task("poleval2021").profiles["fair"]
    assert fair.changes() == {"lower": "CaseFoldNFKC", "number": "NumberValue"}
